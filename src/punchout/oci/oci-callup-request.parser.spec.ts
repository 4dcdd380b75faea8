import { parseOciCall, readOciParams } from './oci-callup-request.parser';

describe('readOciParams', () => {
  it('reads the OCI names case-sensitively, ignores the rest, and lets the body win over the query', () => {
    const params = readOciParams(
      [
        ['USERNAME', 'mpgc_q'],
        ['username', 'ignored'],
        ['HOOK_URL', 'https://q.example/hook'],
        ['~OkCode', 'ADDI'],
        ['sap-client', '100'],
        ['USERNAME', 'second value ignored'],
      ],
      [
        ['USERNAME', 'mpgc_b'],
        ['returntarget', 'frame1'],
        ['SEARCHSTRING', 'pen'],
      ],
    );
    expect(params).toEqual({
      username: 'mpgc_b',
      hookUrl: 'https://q.example/hook',
      okCode: 'ADDI',
      target: 'frame1',
      searchString: 'pen',
    });
  });

  it('does not read inherited names such as __proto__ or constructor', () => {
    expect(
      readOciParams(
        [
          ['__proto__', 'x'],
          ['constructor', 'y'],
        ],
        [],
      ),
    ).toEqual({});
  });
});

describe('parseOciCall', () => {
  const hook = { hookUrl: 'https://srm.example.com/hook' };

  it('is the shop without FUNCTION, with PRODUCTID and SEARCHSTRING trimmed', () => {
    expect(parseOciCall({ ...hook, productId: ' pen-1 ', searchString: '  ' })).toEqual({
      ok: true,
      call: { function: 'shop', productId: 'pen-1', searchString: undefined },
    });
  });

  it.each([
    [
      { function: 'detail', productId: 'p' },
      { function: 'DETAIL', productId: 'p' },
    ],
    [
      { function: 'VALIDATE', productId: 'p' },
      { function: 'VALIDATE', productId: 'p', quantity: 1 },
    ],
    [
      { function: 'VALIDATE', productId: 'p', quantity: '5.000' },
      { function: 'VALIDATE', productId: 'p', quantity: 5 },
    ],
    [
      { function: 'VALIDATE', productId: 'p', quantity: ' 12 ' },
      { function: 'VALIDATE', productId: 'p', quantity: 12 },
    ],
    [{ function: 'BACKGROUND_SEARCH' }, { function: 'BACKGROUND_SEARCH', searchString: '' }],
  ])('reads %j', (params, call) => {
    expect(parseOciCall({ ...hook, ...params })).toEqual({ ok: true, call });
  });

  it.each([
    [{}, 'hook_url_missing'],
    [{ ...hook, function: 'ORDER' }, 'function_unknown'],
    [{ ...hook, function: 'DETAIL' }, 'product_missing'],
    [{ ...hook, function: 'VALIDATE', productId: 'p', quantity: '0' }, 'quantity_invalid'],
    [{ ...hook, function: 'VALIDATE', productId: 'p', quantity: '1.5' }, 'quantity_invalid'],
    [{ ...hook, function: 'VALIDATE', productId: 'p', quantity: '5,000' }, 'quantity_invalid'],
    [{ ...hook, function: 'VALIDATE', productId: 'p', quantity: '99999999999' }, 'quantity_invalid'],
  ])('refuses %j as %s', (params, code) => {
    const parsed = parseOciCall(params);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem.code).toBe(code);
  });
});
