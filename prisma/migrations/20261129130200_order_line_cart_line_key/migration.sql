-- An order's lines are checked for earlier orders of the same cart lines by their keys, in the same
-- round as the cart lines themselves (docs/orders.md, "Measured"): the keys need an index.
CREATE INDEX "order_line_cart_line_key_idx" ON "order_line" ("cart_line_key");
