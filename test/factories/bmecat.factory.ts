/** A small BMEcat 2005 document a test states item by item (the project's own, not a supplier's file). */
export interface BmecatItemSpec {
  pid: string;
  name: string;
  nameEn?: string;
  gtin?: string;
  manufacturer?: string;
  manufacturerPid?: string;
  /** Absent: no price at all (rejected). */
  price?: string;
  features?: Array<[string, string]>;
  /** T_UPDATE_PRODUCTS mode. */
  mode?: 'new' | 'update' | 'delete';
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function bmecat(
  items: BmecatItemSpec[],
  options: {
    transaction?: 'T_NEW_CATALOG' | 'T_UPDATE_PRODUCTS' | 'T_UPDATE_PRICES';
    supplier?: string;
  } = {},
): string {
  const transaction = options.transaction ?? 'T_NEW_CATALOG';
  const products = items.map((item) => {
    const mode = transaction === 'T_UPDATE_PRODUCTS' ? ` mode="${item.mode ?? 'update'}"` : '';
    const price =
      item.price === undefined
        ? ''
        : `<PRODUCT_PRICE_DETAILS><PRODUCT_PRICE price_type="net_customer"><PRICE_AMOUNT>${item.price}</PRICE_AMOUNT><TAX>0.19</TAX></PRODUCT_PRICE></PRODUCT_PRICE_DETAILS>`;
    if (transaction === 'T_UPDATE_PRICES')
      return `<PRODUCT><SUPPLIER_PID>${escape(item.pid)}</SUPPLIER_PID>${price}</PRODUCT>`;
    const features = (item.features ?? [])
      .map(
        ([name, value]) =>
          `<FEATURE><FNAME>${escape(name)}</FNAME><FVALUE>${escape(value)}</FVALUE></FEATURE>`,
      )
      .join('');
    return `
    <PRODUCT${mode}>
      <SUPPLIER_PID>${escape(item.pid)}</SUPPLIER_PID>
      <PRODUCT_DETAILS>
        <DESCRIPTION_SHORT lang="deu">${escape(item.name)}</DESCRIPTION_SHORT>
        ${item.nameEn ? `<DESCRIPTION_SHORT lang="eng">${escape(item.nameEn)}</DESCRIPTION_SHORT>` : ''}
        ${item.gtin ? `<INTERNATIONAL_PID type="gtin">${item.gtin}</INTERNATIONAL_PID>` : ''}
        ${item.manufacturerPid ? `<MANUFACTURER_PID>${escape(item.manufacturerPid)}</MANUFACTURER_PID>` : ''}
        ${item.manufacturer ? `<MANUFACTURER_NAME>${escape(item.manufacturer)}</MANUFACTURER_NAME>` : ''}
      </PRODUCT_DETAILS>
      ${features ? `<PRODUCT_FEATURES>${features}</PRODUCT_FEATURES>` : ''}
      <PRODUCT_ORDER_DETAILS><ORDER_UNIT>C62</ORDER_UNIT><PRICE_QUANTITY>1</PRICE_QUANTITY></PRODUCT_ORDER_DETAILS>
      ${price}
    </PRODUCT>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<BMECAT xmlns="http://www.bmecat.org/bmecat/2005" version="2005">
  <HEADER>
    <CATALOG><LANGUAGE default="true">deu</LANGUAGE><LANGUAGE>eng</LANGUAGE><CATALOG_ID>T</CATALOG_ID><CATALOG_VERSION>1</CATALOG_VERSION><CURRENCY>EUR</CURRENCY></CATALOG>
    <SUPPLIER><SUPPLIER_NAME>${escape(options.supplier ?? 'Test')}</SUPPLIER_NAME></SUPPLIER>
  </HEADER>
  <${transaction}${transaction === 'T_NEW_CATALOG' ? '' : ' prev_version="1"'}>${products.join('')}
  </${transaction}>
</BMECAT>
`;
}
