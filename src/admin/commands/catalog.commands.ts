import { CommandGroup, option } from '../cli-command';

const handlers = () => import('./catalog.handlers');

/** The demo catalog, imports and the category tree: the catalog feature's operator commands. */
export const CATALOG_COMMANDS: CommandGroup = {
  title: 'Catalog',
  commands: [
    {
      name: 'catalog import',
      summary: "imports a supplier's catalog (BMEcat, CIF, cXML Index) or products in JSON Lines or CSV",
      usage:
        '<file> [--supplier <slug> [--org <slug>] [--dry-run]] [--format bmecat|cif|cxml-index|jsonl|csv] [--strict] [--errors-out <file.jsonl>]',
      options: {
        supplier: option.string('<slug>', 'the supplier whose catalog it is (gateway supplier list)'),
        org: option.string(
          '<slug>',
          'the organization whose contract catalog it is (only it sees the offers)',
        ),
        format: option.string(
          'bmecat|cif|cxml-index|jsonl|csv',
          'the file format (default: from the content, or the file name for jsonl and csv)',
        ),
        'dry-run': option.flag('read, check and report, but write nothing'),
        strict: option.flag('JSON Lines/CSV: import nothing if any row has a problem'),
        'errors-out': option.string(
          '<file.jsonl>',
          'write every problem as a JSON line ({item, line, reason}; JSON Lines/CSV: {line, field, reason})',
        ),
      },
      details: [
        'With --supplier: a BMEcat (2005, 1.2), CIF 3.0 or cXML Index file is applied all or nothing. A full catalog (T_NEW_CATALOG, LOADMODE F, loadmode Full) withdraws the offers of the supplier (in that organization) it no longer contains. Items join products by GTIN, else manufacturer and part number.',
        'Exit 0: everything imported. Exit 3: some or all items were rejected (each reported with the part id, line and reason), the rest imported. Exit 1: the file could not be used (unreadable, unknown format or supplier, truncated, malformed, hostile): nothing written. Exit 2: usage.',
        'Without --supplier, JSON Lines and CSV rows name their vendor: products are upserted by productCode and replace their offers (exit 1 with --strict and problems). The category ids a product may name: gateway catalog categories',
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
