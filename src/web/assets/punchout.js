// Progressive enhancement of the punchout pages; every page works without it.
// The OCI return form submits itself (its visible button is the fallback without JavaScript).
(function () {
  'use strict';
  var form = document.querySelector('form[data-auto-submit="true"]');
  if (form) {
    form.submit();
  }
})();
