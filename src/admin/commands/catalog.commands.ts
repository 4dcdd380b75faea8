import { CommandGroup, option } from '../cli-command';

const handlers = () => import('./catalog.handlers');

/** The demo catalog, imports and the category tree: the catalog feature's operator commands. */
export const CATALOG_COMMANDS: CommandGroup = {
  title: 'Catalog',
  commands: [
    {
      name: 'catalog import',
      summary: 'imports products from JSON Lines or CSV (one row per offer)',
      usage: '<file> [--format jsonl|csv] [--strict] [--errors-out <file.jsonl>]',
      options: {
        format: option.string('jsonl|csv', 'the file format (default: from the file name)'),
        strict: option.flag('import nothing if any row has a problem'),
        'errors-out': option.string(
          '<file.jsonl>',
          'write every problem as a JSON line {line, field, reason}',
        ),
      },
      details: [
        'Products are upserted by productCode; a product replaces its offers.',
        'Exit 0: every row imported. Exit 3: some rows were skipped (each reported with its line, field and reason). Exit 1: nothing imported (--strict with problems, or a failure).',
        'The category ids a product may name: gateway catalog categories',
      ],
      handler: async () => (await handlers()).catalogImport,
    },
    {
      name: 'catalog categories',
      summary: 'prints the category tree that imports can use',
      usage: '',
      options: {},
      details: ['Each line: the id to put in a product\'s "category", its English and German names, UNSPSC.'],
      handler: async () => (await handlers()).catalogCategories,
    },
    {
      name: 'catalog demo',
      summary: 'generates the deterministic demo catalog',
      usage: '[--products <n>] [--seed <s>]',
      options: {
        products: option.string('<n>', 'how many products, 1 to 1000000 (default 5000)'),
        seed: option.string('<s>', 'which assortment, 0 to 2147483647 (default 1)'),
      },
      details: ['Upserts by product code, so running it again changes nothing.'],
      handler: async () => (await handlers()).catalogDemo,
    },
  ],
};
