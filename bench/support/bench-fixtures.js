// What several benches mount or create the same way: the no-op routes and the guidance rules.
const { join } = require('node:path');
const { Controller, Get, Module } = require('@nestjs/common');

const dist = (path) => require(join(__dirname, '../../dist', path));

/** A tiny controller mounted only by benches: a guarded no-op and the same no-op marked @Public(). */
function benchModule() {
  const { Public } = dist('common/decorators/public.decorator');
  class BenchController {
    guarded() {
      return { ok: true };
    }
    open() {
      return { ok: true };
    }
  }
  Controller('__bench')(BenchController);
  for (const [method, decorators] of [
    ['guarded', [Get('guarded')]],
    ['open', [Get('open'), Public()]],
  ]) {
    const descriptor = Object.getOwnPropertyDescriptor(BenchController.prototype, method);
    for (const decorate of decorators) decorate(BenchController.prototype, method, descriptor);
  }
  class BenchModule {}
  Module({ controllers: [BenchController] })(BenchModule);
  return BenchModule;
}

/** 20 guidance rules over vendors, brands and categories that exist in the demo assortment. */
function benchRules(productId) {
  const rule = (effect, matcher, value, currency) => ({ effect, matcher, value, currency });
  return [
    rule('preferred', 'vendor', 'Büroprofi Schneider GmbH'),
    rule('preferred', 'vendor', 'OfficeLine Direct'),
    rule('preferred', 'vendor', 'LabSource Scientific'),
    rule('blocked', 'vendor', 'Kabelwerk Versand'),
    rule('blocked', 'vendor', 'MRO Express'),
    rule('blocked', 'vendor', 'Global Books Trading'),
    rule('blocked', 'category', 'monitors'),
    rule('blocked', 'category', 'chairs'),
    rule('blocked', 'category', 'lab'),
    rule('preferred', 'brand', 'Leitz'),
    rule('preferred', 'brand', 'Pelikan'),
    rule('preferred', 'brand', 'HP'),
    rule('preferred', 'unspsc_prefix', '4412'),
    rule('preferred', 'unspsc_prefix', '1411'),
    rule('blocked', 'product', productId(7)),
    rule('blocked', 'product', productId(11)),
    rule('blocked', 'product_code', 'DM1X0000013'),
    rule('blocked', 'condition', 'used'),
    rule('blocked', 'price_above', '500', 'EUR'),
    rule('blocked', 'price_above', '1000', 'USD'),
  ];
}

module.exports = { benchModule, benchRules };
