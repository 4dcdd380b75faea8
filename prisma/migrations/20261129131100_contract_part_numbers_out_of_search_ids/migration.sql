-- Contract part numbers imported before contract catalogs kept them per organization
-- (contract_product.search_ids) were added to the product's own search_ids, which every organization
-- searches: another organization found the shared product by them. Take them out, except a number the
-- product itself or a marketplace offer also carries (that one is public). The product trigger rebuilds
-- the search vector from the new search_ids. Normalized as normalizeIdentifier() does.
WITH contract AS (
  SELECT o.product_id, array_agg(DISTINCT lower(regexp_replace(o.vendor_sku, '[\s\-./]', '', 'g'))) AS ids
    FROM offer o
   WHERE o.organization_id IS NOT NULL AND o.vendor_sku IS NOT NULL
   GROUP BY o.product_id
), public_ids AS (
  SELECT c.product_id, c.ids AS contract_ids,
         ARRAY(SELECT lower(regexp_replace(v, '[\s\-./]', '', 'g'))
                 FROM unnest(ARRAY[p.product_code, p.manufacturer_part_number, p.gtin,
                                   p.book ->> 'isbn13', p.book ->> 'isbn10']
                             || ARRAY(SELECT o.vendor_sku FROM offer o
                                       WHERE o.product_id = p.id AND o.organization_id IS NULL
                                         AND o.vendor_sku IS NOT NULL)) v
                WHERE v IS NOT NULL) AS kept
    FROM contract c JOIN product p ON p.id = c.product_id
)
UPDATE product p
   SET search_ids = (SELECT string_agg(w, ' ' ORDER BY n) FROM unnest(string_to_array(p.search_ids, ' ')) WITH ORDINALITY AS t(w, n)
                      WHERE w <> '' AND (w <> ALL (x.contract_ids) OR w = ANY (x.kept)))
  FROM public_ids x
 WHERE p.id = x.product_id
   AND string_to_array(coalesce(p.search_ids, ''), ' ') && x.contract_ids;
