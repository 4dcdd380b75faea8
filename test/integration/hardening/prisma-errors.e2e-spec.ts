import { Controller, Module, Param, Post } from '@nestjs/common';
import { Public } from '../../../src/common/decorators/public.decorator';
import { PrismaService } from '../../../src/database/prisma.service';
import { bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Routes that let Prisma's known errors escape, as a service that does not check first would: the
 * global filter alone must turn them into 409/404 in the API error shape.
 */
@Public()
@Controller('__prisma')
class PrismaFaultsController {
  constructor(private readonly prisma: PrismaService) {}

  @Post('organizations/:slug')
  async createOrganization(@Param('slug') slug: string): Promise<{ slug: string }> {
    const organization = await this.prisma.organization.create({ data: { slug, name: slug } });
    return { slug: organization.slug };
  }

  @Post('organizations/:slug/rename')
  async renameOrganization(@Param('slug') slug: string): Promise<{ slug: string }> {
    const organization = await this.prisma.organization.update({
      where: { slug },
      data: { name: 'Renamed' },
    });
    return { slug: organization.slug };
  }

  @Post('organizations/:slug/users/:email')
  async addUser(@Param('slug') slug: string, @Param('email') email: string): Promise<{ email: string }> {
    const organization = await this.prisma.organization.findUniqueOrThrow({ where: { slug } });
    const user = await this.prisma.user.create({ data: { organizationId: organization.id, email } });
    return { email: user.email };
  }
}

@Module({ controllers: [PrismaFaultsController] })
class PrismaFaultsModule {}

describe("Prisma's known errors, mapped once by the global filter", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [PrismaFaultsModule] });
  });
  afterAll(() => t.close());

  const post = (path: string) => fetch(`${t.baseUrl}/__prisma/${path}`, { method: 'POST' });

  it('answers a unique violation (P2002) with 409 conflict naming the record kind and fields', async () => {
    expect((await post('organizations/acme')).status).toBe(201);
    const again = await post('organizations/acme');
    expect(again.status).toBe(409);
    expect(await bodyOf(again)).toEqual({
      error: 'conflict',
      error_description: 'An organization with this slug already exists.',
    });
    expect(await t.prisma.organization.count({ where: { slug: 'acme' } })).toBe(1);
  });

  it('explains a compound unique key (organization and e-mail) as the caller knows it', async () => {
    expect((await post('organizations/beta')).status).toBe(201);
    expect((await post('organizations/beta/users/a@beta.example')).status).toBe(201);
    const again = await post('organizations/beta/users/a@beta.example');
    expect(again.status).toBe(409);
    expect(await bodyOf(again)).toEqual({
      error: 'conflict',
      error_description: 'A user with this e-mail already exists in the organization.',
    });
  });

  it('answers a missing record (P2025) with 404 not_found', async () => {
    for (const path of ['organizations/nobody/rename', 'organizations/nobody/users/a@b.example']) {
      const response = await post(path);
      expect(response.status).toBe(404);
      expect(await bodyOf(response)).toEqual({
        error: 'not_found',
        error_description: 'No organization found.',
      });
    }
  });
});
