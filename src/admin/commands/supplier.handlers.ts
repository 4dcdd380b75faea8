import { OAuthModule } from '../../oauth/oauth.module';
import { OrganizationsService } from '../../oauth/organizations.service';
import { CreateSupplierDto } from '../../supplier/dto/create-supplier.dto';
import { SupplierResponse } from '../../supplier/dto/supplier.response';
import { SupplierModule } from '../../supplier/supplier.module';
import { SuppliersService } from '../../supplier/suppliers.service';
import {
  cliActor,
  cliAuthor,
  handler,
  listOption,
  onlyPositionals,
  requiredOption,
  service,
  stringOption,
  UsageError,
} from '../cli-command';
import { printResult, table } from '../cli-output';

const SUPPLIERS = () => [OAuthModule, SupplierModule];

/** The command line's names for the schema's fields, in its refusals. */
const LABELS: Record<string, string> = { slug: '<slug>', name: '--name', identifiers: '--id' };

interface AddInput {
  supplier: CreateSupplierDto;
  org?: string;
}

export const supplierAdd = handler<AddInput>({
  needsApp: true,
  modules: SUPPLIERS,
  parse(args) {
    const [slug] = onlyPositionals(args, ['<slug>']);
    const name = requiredOption(args, 'name');
    const identifiers = (listOption(args, 'id') ?? []).map((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0) throw new UsageError(`--id must be <type>=<value>, e.g. duns=315000554; got "${pair}"`);
      return { type: pair.slice(0, at), value: pair.slice(at + 1) };
    });
    // The API's schema, so the command line takes exactly what POST /api/v1/suppliers takes.
    const checked = CreateSupplierDto.check({ slug, name, identifiers });
    if (!checked.ok) {
      const field = String(checked.issue.path[0] ?? '');
      throw new UsageError(
        checked.issue.message.replace(new RegExp(`^${field}(\\[\\])?`), LABELS[field] ?? field),
      );
    }
    return { supplier: checked.value, org: stringOption(args, 'org') };
  },
  async run(ctx) {
    const { supplier, org } = ctx.input;
    const owner = org === undefined ? null : (await service(ctx, OrganizationsService).bySlug(org)).id;
    const added = SupplierResponse.from(
      await service(ctx, SuppliersService).add(supplier, owner, cliAuthor(ctx.io.env), cliActor(ctx)),
    );
    printResult(
      ctx.io,
      ctx.json,
      added,
      `Added supplier ${added.name} (${added.slug})${org === undefined ? '' : ` of ${org}`}`,
    );
  },
});

export const supplierList = handler<{ org?: string }>({
  needsApp: true,
  modules: SUPPLIERS,
  parse(args) {
    onlyPositionals(args, []);
    return { org: stringOption(args, 'org') };
  },
  async run(ctx) {
    const { org } = ctx.input;
    const viewer = org === undefined ? null : (await service(ctx, OrganizationsService).bySlug(org)).id;
    const suppliers = (await service(ctx, SuppliersService).list(viewer)).map(SupplierResponse.from);
    printResult(
      ctx.io,
      ctx.json,
      suppliers,
      table(
        ['slug', 'name', 'scope', 'identifiers'],
        suppliers.map((s) => [
          s.slug,
          s.name,
          s.scope,
          s.identifiers.map((id) => `${id.type}=${id.value}`).join(' '),
        ]),
        'No suppliers',
      ),
    );
  },
});
