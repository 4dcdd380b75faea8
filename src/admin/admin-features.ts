import { DynamicModule, Type } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ConsoleSignInModule } from '../compliance/console/console-sign-in.module';
import { CatalogModule } from '../catalog/catalog.module';
import { GuidanceModule } from '../guidance/guidance.module';
import { OAuthModule } from '../oauth/oauth.module';
import { SupplierModule } from '../supplier/supplier.module';

/** Every feature an operator command may use: for commands that do not name their own. */
export function allFeatureModules(): Array<Type | DynamicModule> {
  return [OAuthModule, CatalogModule, GuidanceModule, SupplierModule, AuditModule, ConsoleSignInModule];
}
