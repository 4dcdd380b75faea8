import type { XmlElement } from '../../common/xml/xml-tree';

/**
 * The buyer's ShipTo as the order message echoes it: only what the cXML 1.2.063 DTD allows there.
 * The setup reader is lenient (any order, names in any case, unknown elements and attributes), so
 * echoing the element as received could make the order message invalid, which strict buyers refuse
 * outright. Pure: the element is rebuilt from the DTD's content models below, names written as the
 * DTD spells them, children in its order; what it does not know is left out. An Address that cannot
 * be made valid (no Name) leaves no ShipTo at all (it is optional in the order message's header).
 */

/** One child of a content model: its name and how many times it may appear. */
interface Part {
  name: string;
  min: 0 | 1;
  max: 1 | typeof Infinity;
}

/** An element of the model: its attributes (required ones and which must be NMTOKENs), and either its children or text. */
interface Model {
  attributes: Record<string, { required?: boolean; token?: boolean }>;
  /** Elements in DTD order; absent: the element holds text (#PCDATA). */
  children?: Part[];
  /** A choice of exactly one of the children (Fax). */
  choice?: boolean;
}

const one = (name: string): Part => ({ name, min: 1, max: 1 });
const optional = (name: string): Part => ({ name, min: 0, max: 1 });
const many = (name: string, min: 0 | 1 = 0): Part => ({ name, min, max: Infinity });

const MODELS: Record<string, Model> = {
  ShipTo: { attributes: {}, children: [one('Address'), many('CarrierIdentifier'), many('IdReference')] },
  Address: {
    attributes: { isoCountryCode: { token: true }, addressID: {}, addressIDDomain: {} },
    children: [
      one('Name'),
      optional('PostalAddress'),
      optional('Email'),
      optional('Phone'),
      optional('Fax'),
      optional('URL'),
    ],
  },
  Name: { attributes: { 'xml:lang': { required: true, token: true } } },
  PostalAddress: {
    attributes: { name: {} },
    children: [
      many('DeliverTo'),
      many('Street', 1),
      one('City'),
      optional('Municipality'),
      optional('State'),
      optional('PostalCode'),
      one('Country'),
    ],
  },
  DeliverTo: { attributes: {} },
  Street: { attributes: {} },
  City: { attributes: { cityCode: {} } },
  Municipality: { attributes: { municipalityCode: {} } },
  State: { attributes: { isoStateCode: { token: true } } },
  PostalCode: { attributes: {} },
  Country: { attributes: { isoCountryCode: { required: true, token: true } } },
  Email: { attributes: { name: {}, preferredLang: { token: true } } },
  URL: { attributes: { name: {} } },
  Phone: { attributes: { name: {} }, children: [one('TelephoneNumber')] },
  Fax: {
    attributes: { name: {} },
    children: [one('TelephoneNumber'), one('URL'), one('Email')],
    choice: true,
  },
  TelephoneNumber: {
    attributes: {},
    children: [one('CountryCode'), one('AreaOrCityCode'), one('Number'), optional('Extension')],
  },
  CountryCode: { attributes: { isoCountryCode: { required: true, token: true } } },
  AreaOrCityCode: { attributes: {} },
  Number: { attributes: {} },
  Extension: { attributes: {} },
  CarrierIdentifier: { attributes: { domain: { required: true } } },
  IdReference: { attributes: { identifier: { required: true }, domain: { required: true } }, children: [] },
};

/** XML's Nmtoken (ASCII subset plus any non-ASCII name character): what NMTOKEN attributes must hold. */
const NMTOKEN = /^[A-Za-z0-9._:\-\u00B7\u00C0-\uFFFF]+$/u;

/** The ShipTo to echo, or null when nothing valid is left. `lang` names a Name that gives no language. */
export function shipToForEcho(received: XmlElement, lang: string): XmlElement | null {
  return rebuild(received, 'ShipTo', lang);
}

function rebuild(element: XmlElement, name: string, lang: string): XmlElement | null {
  const model = MODELS[name];
  const attributes: Record<string, string> = {};
  for (const [attribute, rule] of Object.entries(model.attributes)) {
    let value = valueOf(element.attributes, attribute);
    if (value !== undefined && rule.token) value = value.trim();
    if (value !== undefined && rule.token && !NMTOKEN.test(value)) value = undefined;
    // A Name without its language: the document's (the DTD requires one, the buyer wrote it in some).
    if (value === undefined && name === 'Name' && attribute === 'xml:lang') value = lang;
    if (value === undefined && rule.required) return null;
    if (value !== undefined) attributes[attribute] = value;
  }
  if (!model.children) return { name, attributes, children: [textOf(element)] };

  const children: XmlElement[] = [];
  for (const part of model.children) {
    const found = element.children
      .filter((child): child is XmlElement => typeof child !== 'string' && same(child.name, part.name))
      .map((child) => rebuild(child, part.name, lang))
      .filter((child): child is XmlElement => child !== null)
      .slice(0, part.max);
    if (model.choice) {
      if (found.length > 0) return { name, attributes, children: [found[0]] };
      continue;
    }
    if (found.length < part.min) return null;
    children.push(...found);
  }
  if (model.choice) return null;
  return { name, attributes, children };
}

/** An attribute by its DTD name, written in any case (as the setup reader accepts it). */
function valueOf(attributes: Record<string, string>, name: string): string | undefined {
  if (Object.hasOwn(attributes, name)) return attributes[name];
  const key = Object.keys(attributes).find((candidate) => same(candidate, name));
  return key === undefined ? undefined : attributes[key];
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The text of an element that holds only text: its text nodes, any element inside left out. */
function textOf(element: XmlElement): string {
  return element.children.filter((child): child is string => typeof child === 'string').join('');
}
