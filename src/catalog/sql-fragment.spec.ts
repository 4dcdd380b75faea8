import { and, compile, join, raw, sql } from './sql-fragment';

describe('sql fragments', () => {
  it('binds interpolated values as numbered placeholders, never as text', () => {
    const name = "Robert'); DROP TABLE product;--";
    expect(compile(sql`SELECT * FROM product WHERE name = ${name} AND id = ${'p1'}`)).toEqual({
      text: 'SELECT * FROM product WHERE name = $1 AND id = $2',
      values: [name, 'p1'],
    });
  });

  it('renumbers the placeholders of nested fragments in order', () => {
    const inner = sql`brand_key = ANY(${['a', 'b']})`;
    const outer = sql`WHERE x = ${1} AND ${inner} AND y = ${2}`;
    expect(compile(outer)).toEqual({
      text: 'WHERE x = $1 AND brand_key = ANY($2) AND y = $3',
      values: [1, ['a', 'b'], 2],
    });
  });

  it('joins and ANDs predicates, and ANDs nothing to TRUE', () => {
    expect(compile(and([sql`a = ${1}`, sql`b = ${2}`])).text).toBe('(a = $1 AND b = $2)');
    expect(compile(and([])).text).toBe('TRUE');
    expect(compile(join([raw('a'), raw('b'), sql`${3}`], ', ')).text).toBe('a, b, $1');
  });
});
