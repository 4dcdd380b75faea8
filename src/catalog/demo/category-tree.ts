import { CategoryInput } from '../catalog-product.input';

/**
 * The built-in category tree (B2B assortment): installed by the demo generator and available to
 * imports. UNSPSC codes are the segment/family/class the category corresponds to.
 */
export const CATEGORY_TREE: CategoryInput[] = [
  { id: 'office', parentId: null, nameEn: 'Office supplies', nameDe: 'Bürobedarf', unspsc: '44000000' },
  { id: 'paper', parentId: 'office', nameEn: 'Paper', nameDe: 'Papier', unspsc: '14111500' },
  {
    id: 'writing',
    parentId: 'office',
    nameEn: 'Writing instruments',
    nameDe: 'Schreibgeräte',
    unspsc: '44121700',
  },
  { id: 'filing', parentId: 'office', nameEn: 'Filing', nameDe: 'Ablage', unspsc: '44122000' },
  {
    id: 'desk-accessories',
    parentId: 'office',
    nameEn: 'Desk accessories',
    nameDe: 'Schreibtischzubehör',
    unspsc: '44121600',
  },
  { id: 'it', parentId: null, nameEn: 'IT and cables', nameDe: 'IT und Kabel', unspsc: '43000000' },
  {
    id: 'cables',
    parentId: 'it',
    nameEn: 'Cables and adapters',
    nameDe: 'Kabel und Adapter',
    unspsc: '26121600',
  },
  { id: 'peripherals', parentId: 'it', nameEn: 'Input devices', nameDe: 'Eingabegeräte', unspsc: '43211700' },
  {
    id: 'storage-media',
    parentId: 'it',
    nameEn: 'Storage media',
    nameDe: 'Speichermedien',
    unspsc: '43201800',
  },
  { id: 'printers', parentId: 'it', nameEn: 'Printers', nameDe: 'Drucker', unspsc: '43212100' },
  { id: 'toner-ink', parentId: 'it', nameEn: 'Toner and ink', nameDe: 'Toner und Tinte', unspsc: '44103100' },
  {
    id: 'laptops',
    parentId: 'it',
    nameEn: 'Laptops and docking',
    nameDe: 'Notebooks und Docking',
    unspsc: '43211500',
  },
  { id: 'monitors', parentId: 'it', nameEn: 'Monitors', nameDe: 'Monitore', unspsc: '43211900' },
  { id: 'furniture', parentId: null, nameEn: 'Furniture', nameDe: 'Möbel', unspsc: '56000000' },
  { id: 'chairs', parentId: 'furniture', nameEn: 'Office chairs', nameDe: 'Bürostühle', unspsc: '56112100' },
  { id: 'desks', parentId: 'furniture', nameEn: 'Desks', nameDe: 'Schreibtische', unspsc: '56101700' },
  {
    id: 'cabinets',
    parentId: 'furniture',
    nameEn: 'Cabinets and shelving',
    nameDe: 'Schränke und Regale',
    unspsc: '56101500',
  },
  {
    id: 'mro',
    parentId: null,
    nameEn: 'Cleaning and safety',
    nameDe: 'Reinigung und Arbeitsschutz',
    unspsc: '47000000',
  },
  {
    id: 'cleaning',
    parentId: 'mro',
    nameEn: 'Cleaning agents',
    nameDe: 'Reinigungsmittel',
    unspsc: '47131800',
  },
  {
    id: 'gloves',
    parentId: 'mro',
    nameEn: 'Protective gloves',
    nameDe: 'Schutzhandschuhe',
    unspsc: '46181500',
  },
  {
    id: 'ppe',
    parentId: 'mro',
    nameEn: 'Personal protective equipment',
    nameDe: 'Persönliche Schutzausrüstung',
    unspsc: '46181800',
  },
  { id: 'first-aid', parentId: 'mro', nameEn: 'First aid', nameDe: 'Erste Hilfe', unspsc: '42172000' },
  {
    id: 'fasteners',
    parentId: 'mro',
    nameEn: 'Fasteners',
    nameDe: 'Befestigungstechnik',
    unspsc: '31160000',
  },
  { id: 'tools', parentId: 'mro', nameEn: 'Tools', nameDe: 'Werkzeug', unspsc: '27110000' },
  { id: 'lab', parentId: null, nameEn: 'Lab supplies', nameDe: 'Laborbedarf', unspsc: '41000000' },
  { id: 'glassware', parentId: 'lab', nameEn: 'Lab glassware', nameDe: 'Laborglas', unspsc: '41121800' },
  {
    id: 'pipettes',
    parentId: 'lab',
    nameEn: 'Pipettes and tips',
    nameDe: 'Pipetten und Spitzen',
    unspsc: '41121600',
  },
  {
    id: 'lab-consumables',
    parentId: 'lab',
    nameEn: 'Lab consumables',
    nameDe: 'Laborverbrauchsmaterial',
    unspsc: '41122400',
  },
  {
    id: 'kitchen',
    parentId: null,
    nameEn: 'Kitchen and catering',
    nameDe: 'Küche und Catering',
    unspsc: '52150000',
  },
  {
    id: 'kitchen-supplies',
    parentId: 'kitchen',
    nameEn: 'Kitchen supplies',
    nameDe: 'Küchenbedarf',
    unspsc: '52151500',
  },
  {
    id: 'beverages',
    parentId: 'kitchen',
    nameEn: 'Coffee and beverages',
    nameDe: 'Kaffee und Getränke',
    unspsc: '50201700',
  },
  { id: 'books', parentId: null, nameEn: 'Books', nameDe: 'Bücher', unspsc: '55101500' },
  {
    id: 'business-books',
    parentId: 'books',
    nameEn: 'Business and management',
    nameDe: 'Wirtschaft und Management',
    unspsc: '55101509',
  },
  {
    id: 'technical-books',
    parentId: 'books',
    nameEn: 'Engineering and IT',
    nameDe: 'Technik und IT',
    unspsc: '55101510',
  },
  // Where an imported supplier item lands when its UNSPSC code fits no category above (or it has none).
  { id: 'other', parentId: null, nameEn: 'Other articles', nameDe: 'Weitere Artikel', unspsc: null },
];

/** Materialized path of a category of the built-in tree, e.g. "/office/paper/". */
export function categoryPath(id: string, tree: CategoryInput[] = CATEGORY_TREE): string {
  const byId = new Map(tree.map((c) => [c.id, c]));
  const ids: string[] = [];
  for (let c = byId.get(id); c; c = c.parentId ? byId.get(c.parentId) : undefined) ids.unshift(c.id);
  return `/${ids.join('/')}/`;
}
