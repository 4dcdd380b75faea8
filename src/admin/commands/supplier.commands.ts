import { CommandGroup, option } from '../cli-command';

const handlers = () => import('./supplier.handlers');

/** Who sells the catalog's offers: the supplier feature's operator commands. */
export const SUPPLIER_COMMANDS: CommandGroup = {
  title: 'Suppliers',
  commands: [
    {
      name: 'supplier add',
      summary: 'adds a supplier whose catalogs can be imported',
      usage: '<slug> --name <name> [--id <type>=<value> ...] [--org <slug>]',
      options: {
        name: option.string('<name>', "what buyers see as the offers' vendor"),
        id: option.list(
          '<type>=<value>',
          'how its files name it, e.g. duns=315000554 or bmecat=WM-1 (repeatable)',
        ),
        org: option.string(
          '<slug>',
          "an organization's own supplier (only it sees it); default: the marketplace's",
        ),
      },
      details: [
        'The slug is what `gateway catalog import --supplier <slug>` takes: 2-64 lower-case letters, digits or dashes.',
      ],
      handler: async () => (await handlers()).supplierAdd,
    },
    {
      name: 'supplier list',
      summary: 'lists the suppliers (with --org those an organization sees)',
      usage: '[--org <slug>]',
      options: {
        org: option.string('<slug>', "only the marketplace's suppliers and this organization's own"),
      },
      handler: async () => (await handlers()).supplierList,
    },
  ],
};
