import { CATALOG_ID_PATTERN } from '../../catalog/catalog.constants';
import { cutText } from '../../common/text/cut-text';

/**
 * The OCI call-up's parameters (docs/punchout.md, "Connecting SAP"): read from the query string and a
 * form body (SAP uses either; a body value wins over the query's), names case-sensitive as OCI writes
 * them, unknown names ignored. Pure: no Nest, no database.
 */
export interface OciCallupParams {
  username?: string;
  password?: string;
  email?: string;
  hookUrl?: string;
  target?: string;
  okCode?: string;
  caller?: string;
  ociVersion?: string;
  function?: string;
  productId?: string;
  quantity?: string;
  searchString?: string;
}

const NAMES: Record<string, keyof OciCallupParams> = {
  USERNAME: 'username',
  PASSWORD: 'password',
  EMAIL: 'email',
  HOOK_URL: 'hookUrl',
  '~TARGET': 'target',
  returntarget: 'target',
  '~OkCode': 'okCode',
  '~CALLER': 'caller',
  OCI_VERSION: 'ociVersion',
  FUNCTION: 'function',
  PRODUCTID: 'productId',
  QUANTITY: 'quantity',
  SEARCHSTRING: 'searchString',
};

/** The longest value kept of any parameter (a HOOK_URL is at most 2,048; the rest far less). */
const VALUE_MAX = 4096;

/** The known parameters of the query's and the body's pairs (first value per name; the body's first). */
export function readOciParams(
  query: Iterable<[string, string]>,
  body: Iterable<[string, string]>,
): OciCallupParams {
  const params: OciCallupParams = {};
  const take = (pairs: Iterable<[string, string]>, overwrite: boolean) => {
    const seen = new Set<string>();
    for (const [name, value] of pairs) {
      const key = Object.hasOwn(NAMES, name) ? NAMES[name] : undefined;
      if (!key || seen.has(key)) continue;
      seen.add(key);
      if (overwrite || params[key] === undefined) params[key] = cutText(value, VALUE_MAX);
    }
  };
  take(query, false);
  take(body, true);
  return params;
}

export const OCI_FUNCTIONS = ['DETAIL', 'VALIDATE', 'BACKGROUND_SEARCH'] as const;
export type OciFunction = (typeof OCI_FUNCTIONS)[number];

/** The largest QUANTITY VALIDATE prices (OCI's QUANTITY field has 15 characters; ours are whole numbers). */
export const OCI_QUANTITY_MAX = 1_000_000_000;

/** What the call asks for, once its parameters make sense. */
export type OciCall =
  | { function: 'shop'; productId?: string; searchString?: string }
  | { function: 'DETAIL'; productId: string }
  | { function: 'VALIDATE'; productId: string; quantity: number }
  | { function: 'BACKGROUND_SEARCH'; searchString: string };

/** Why a call's parameters are refused (the page says it in the buyer's language). */
export type OciCallProblem =
  | { code: 'hook_url_missing' }
  | { code: 'function_unknown'; value: string }
  | { code: 'product_missing' }
  | { code: 'quantity_invalid'; value: string };

/**
 * The call's function and its arguments. HOOK_URL is required for every function (its syntax and
 * origin are checked by the entry); a PRODUCTID that is not a catalog id is kept and simply not found.
 */
export function parseOciCall(
  params: OciCallupParams,
): { ok: true; call: OciCall } | { ok: false; problem: OciCallProblem } {
  if (!params.hookUrl) return { ok: false, problem: { code: 'hook_url_missing' } };
  const productId = params.productId?.trim() || undefined;
  const searchString = params.searchString?.trim() || undefined;
  const fn = params.function?.trim().toUpperCase() ?? '';
  if (fn === '') return { ok: true, call: { function: 'shop', productId, searchString } };
  if (!(OCI_FUNCTIONS as readonly string[]).includes(fn))
    return { ok: false, problem: { code: 'function_unknown', value: params.function ?? '' } };
  switch (fn as OciFunction) {
    case 'DETAIL':
      return productId
        ? { ok: true, call: { function: 'DETAIL', productId } }
        : { ok: false, problem: { code: 'product_missing' } };
    case 'VALIDATE': {
      if (!productId) return { ok: false, problem: { code: 'product_missing' } };
      const quantity = quantityOf(params.quantity);
      if (quantity === null)
        return { ok: false, problem: { code: 'quantity_invalid', value: params.quantity ?? '' } };
      return { ok: true, call: { function: 'VALIDATE', productId, quantity } };
    }
    case 'BACKGROUND_SEARCH':
      return { ok: true, call: { function: 'BACKGROUND_SEARCH', searchString: searchString ?? '' } };
  }
}

/** QUANTITY: absent or empty is 1; SAP sends decimals such as "5.000" for whole quantities ("." only). */
function quantityOf(raw: string | undefined): number | null {
  const text = raw?.trim() ?? '';
  if (text === '') return 1;
  const match = /^(\d{1,10})(?:\.0*)?$/.exec(text);
  if (!match) return null;
  const quantity = Number(match[1]);
  return quantity >= 1 && quantity <= OCI_QUANTITY_MAX ? quantity : null;
}

/** A PRODUCTID that can name a product at all (others are not looked up). */
export const isCatalogId = (value: string): boolean => CATALOG_ID_PATTERN.test(value);
