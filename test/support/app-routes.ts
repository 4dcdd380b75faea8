import { INestApplication, RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';

/** A route handler of the running application: `GET /api/v1/audit/sessions/:id`, with its controller. */
export interface AppRoute {
  route: string;
  method: string;
  path: string;
  controller: Type;
  handler: (...args: unknown[]) => unknown;
}

/** Every route handler of the running application, from Nest's own module container, sorted. */
export function appRoutes(app: INestApplication): AppRoute[] {
  const routes: AppRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        // Descriptors, not property reads: a getter on a controller would run without its instance.
        const handler = Object.getOwnPropertyDescriptor(controller.prototype, name)?.value as unknown;
        if (typeof handler !== 'function' || !Reflect.hasMetadata(METHOD_METADATA, handler)) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const paths = [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat();
        for (const path of paths) {
          const url = `/${[prefix, path]
            .map((part) => part.replace(/^\/+|\/+$/g, ''))
            .filter(Boolean)
            .join('/')}`;
          routes.push({
            route: `${method} ${url}`,
            method,
            path: url,
            controller,
            handler: handler as AppRoute['handler'],
          });
        }
      }
    }
  }
  return routes.sort((a, b) => a.route.localeCompare(b.route));
}
