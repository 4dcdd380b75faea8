// Progressive enhancement of the punchout pages; every page works without it.
/* global document */
(function () {
  'use strict';
  // The OCI return form submits itself (its visible button is the fallback without JavaScript).
  var form = document.querySelector('form[data-auto-submit="true"]');
  if (form) {
    form.submit();
    return;
  }
  // Product page: as the buyer types a quantity, the price line and the tier table follow it.
  var cards = document.querySelectorAll('[data-offer-id][data-base-price]');
  Array.prototype.forEach.call(cards, function (card) {
    var input = card.querySelector('input[name="quantity"]');
    var quantityText = card.querySelector('.punchout-price-at-quantity');
    var priceText = card.querySelector('.punchout-price-at-value');
    if (!input || !quantityText || !priceText) return;
    var rows = card.querySelectorAll('tr[data-min-quantity]');
    input.addEventListener('input', function () {
      var quantity = parseInt(input.value, 10);
      if (!(quantity > 0)) return;
      var price = card.getAttribute('data-base-price');
      var applying = null;
      Array.prototype.forEach.call(rows, function (row) {
        row.classList.remove('applies');
        if (quantity >= Number(row.getAttribute('data-min-quantity'))) applying = row;
      });
      if (applying) {
        applying.classList.add('applies');
        price = applying.getAttribute('data-price');
      }
      quantityText.textContent = String(quantity);
      priceText.textContent = price;
    });
  });
})();
