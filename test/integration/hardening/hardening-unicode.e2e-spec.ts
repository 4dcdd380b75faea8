import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { getMetadataStorage } from 'class-validator';
import { organizationWithTokens, OrganizationTokens } from '../../factories/guidance.factory';
import { bearer } from '../../support/auth';
import { bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

/** Constraint names that mark a property as text. */
const TEXT_CONSTRAINTS = new Set(['isString', 'matches', 'isLength', 'maxLength', 'minLength', 'isEmail']);

/** Every text field of every JSON body is well-formed Unicode, checked by one validator. */
describe('hardening: well-formed Unicode in JSON bodies', () => {
  let t: TestApp;
  let org: OrganizationTokens;

  beforeAll(async () => {
    t = await startTestApp();
    org = await organizationWithTokens(t.prisma);
  });
  afterAll(() => t.close());

  const createRule = (rule: Record<string, unknown>) =>
    fetch(`${t.baseUrl}/api/v1/guidance/rules`, {
      method: 'POST',
      headers: { ...bearer(org.admin), 'content-type': 'application/json' },
      body: JSON.stringify(rule),
    });

  it.each([
    ['value', { effect: 'preferred', matcher: 'vendor', value: 'a\ud800b' }],
    ['note', { effect: 'preferred', matcher: 'vendor', value: 'Office World', note: 'x\udc00' }],
  ])('refuses a lone surrogate in %s with 400 naming it, and stores nothing', async (field, rule) => {
    const before = await t.prisma.guidanceRule.count();
    const response = await createRule(rule);
    expect(response.status).toBe(400);
    expect(await bodyOf(response)).toEqual({
      error: 'invalid_request',
      error_description: expect.stringContaining(`${field} must be well-formed Unicode text`),
    });
    expect(await t.prisma.guidanceRule.count()).toBe(before);
  });

  it('accepts a well-formed surrogate pair', async () => {
    const response = await createRule({ effect: 'preferred', matcher: 'vendor', value: 'Office 😀 World' });
    expect(response.status).toBe(201);
  });

  it('every text field of every @Body() DTO carries the well-formed-Unicode check', () => {
    const storage = getMetadataStorage();
    const unchecked: string[] = [];
    let bodies = 0;
    const wrappers = [...t.app.get(ModulesContainer).values()].flatMap((module) => [
      ...module.controllers.values(),
    ]);
    for (const wrapper of wrappers) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
          string,
          { index: number }
        >;
        const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, method) ??
          []) as unknown[];
        for (const [key, { index }] of Object.entries(args)) {
          if (Number(key.split(':')[0]) !== RouteParamtypes.BODY) continue;
          const dto = types[index];
          if (typeof dto !== 'function' || dto === Object) continue;
          bodies++;
          const byProperty = new Map<string, Set<string>>();
          for (const rule of storage.getTargetValidationMetadatas(dto, '', true, false)) {
            const names = byProperty.get(rule.propertyName) ?? new Set<string>();
            names.add(rule.name ?? storage.getTargetValidatorConstraints(rule.constraintCls)[0]?.name ?? '');
            byProperty.set(rule.propertyName, names);
          }
          for (const [property, names] of byProperty) {
            const isText = [...names].some((name) => TEXT_CONSTRAINTS.has(name));
            if (isText && !names.has('isWellFormedText')) unchecked.push(`${dto.name}.${property}`);
          }
        }
      }
    }
    expect(bodies).toBeGreaterThan(0);
    expect(unchecked).toEqual([]);
  });
});
