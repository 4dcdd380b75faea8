import { parseCxmlSetupRequest } from './cxml-setup-request.parser';

/** A setup request as Coupa and Ariba send it, with the parts each test changes. */
function setupRequest(
  parts: {
    root?: string;
    doctype?: string;
    header?: string;
    operation?: string;
    body?: string;
  } = {},
): string {
  const header =
    parts.header ??
    `<Header>
      <From><Credential domain="NetworkID"><Identity>AN01000000001</Identity></Credential></From>
      <To><Credential domain="DUNS"><Identity>gateway</Identity></Credential></To>
      <Sender><Credential domain="NetworkID"><Identity>mpgc_client</Identity>
        <SharedSecret>mpgp_secret</SharedSecret></Credential><UserAgent>Coupa Procurement 1.0</UserAgent></Sender>
    </Header>`;
  const body =
    parts.body ??
    `<BuyerCookie>cookie-1</BuyerCookie>
     <Extrinsic name="UserEmail">jane@acme.example</Extrinsic>
     <BrowserFormPost><URL>https://acme.example/punchout/return</URL></BrowserFormPost>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
${parts.doctype ?? '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">'}
<cXML ${parts.root ?? 'payloadID="1700000000.1@buyer.example" timestamp="2026-11-26T10:00:00+01:00" xml:lang="en-US"'}>
  ${header}
  <Request deploymentMode="production">
    <PunchOutSetupRequest operation="${parts.operation ?? 'create'}">${body}</PunchOutSetupRequest>
  </Request>
</cXML>`;
}

function parsed(text: string) {
  const result = parseCxmlSetupRequest(text);
  if (!result.ok) throw new Error(`refused: ${result.problem.code} ${result.problem.text}`);
  return result.request;
}

function problem(text: string) {
  const result = parseCxmlSetupRequest(text);
  if (result.ok) throw new Error('accepted');
  return result.problem;
}

describe('parseCxmlSetupRequest', () => {
  it('reads a create request: credentials, user, cookie, return URL', () => {
    const request = parsed(setupRequest());
    expect(request).toMatchObject({
      payloadId: '1700000000.1@buyer.example',
      timestamp: '2026-11-26T10:00:00+01:00',
      lang: 'en-US',
      from: [{ domain: 'NetworkID', identity: 'AN01000000001' }],
      to: [{ domain: 'DUNS', identity: 'gateway' }],
      sender: {
        domain: 'NetworkID',
        identity: 'mpgc_client',
        sharedSecret: 'mpgp_secret',
        userAgent: 'Coupa Procurement 1.0',
      },
      operation: 'create',
      buyerCookie: 'cookie-1',
      userEmail: 'jane@acme.example',
      browserFormPostUrl: 'https://acme.example/punchout/return',
      shipTo: null,
      selectedItem: null,
      items: [],
    });
  });

  describe('is lenient where real buyers are sloppy', () => {
    it('accepts elements out of the DTD order (Contact before BrowserFormPost, as Coupa sends)', () => {
      const request = parsed(
        setupRequest({
          body: `<Contact role="endUser"><Name xml:lang="en">Jane</Name><Email>jane@acme.example</Email></Contact>
                 <BrowserFormPost><URL>https://acme.example/r</URL></BrowserFormPost>
                 <Extrinsic name="CostCenter">4711</Extrinsic>
                 <BuyerCookie>c</BuyerCookie>`,
        }),
      );
      expect(request.buyerCookie).toBe('c');
      expect(request.userEmail).toBe('jane@acme.example');
      expect(request.extrinsics).toEqual({ CostCenter: '4711' });
    });

    it('trims whitespace and line breaks around the URL', () => {
      const request = parsed(
        setupRequest({
          body: `<BuyerCookie>c</BuyerCookie><Extrinsic name="UserEmail">j@a.example</Extrinsic>
                 <BrowserFormPost><URL>
                    https://acme.example/r?x=1
                 </URL></BrowserFormPost>`,
        }),
      );
      expect(request.browserFormPostUrl).toBe('https://acme.example/r?x=1');
    });

    it('finds the UserEmail Extrinsic with stray spaces and another case in its name', () => {
      const request = parsed(
        setupRequest({
          body: `<BuyerCookie>c</BuyerCookie><Extrinsic name=" UserEmail ">  j@a.example </Extrinsic>
                 <Contact><Name xml:lang="en">Other</Name><Email>other@a.example</Email></Contact>
                 <BrowserFormPost><URL>https://a.example/r</URL></BrowserFormPost>`,
        }),
      );
      expect(request.userEmail).toBe('j@a.example');
      expect(
        parsed(
          setupRequest({
            body: `<BuyerCookie/><Extrinsic name="useremail">k@a.example</Extrinsic><BrowserFormPost><URL>https://a.example/r</URL></BrowserFormPost>`,
          }),
        ).userEmail,
      ).toBe('k@a.example');
    });

    it('takes Contact/Email when there is no UserEmail Extrinsic', () => {
      const request = parsed(
        setupRequest({
          body: `<BuyerCookie>c</BuyerCookie>
                 <Contact role="endUser"><Name xml:lang="en">Jane</Name><Email> jane@acme.example </Email></Contact>
                 <BrowserFormPost><URL>https://a.example/r</URL></BrowserFormPost>`,
        }),
      );
      expect(request.userEmail).toBe('jane@acme.example');
    });

    it('accepts a timestamp without time zone, one in another format, and none', () => {
      expect(parsed(setupRequest({ root: 'payloadID="p1" timestamp="2026-11-26T10:00:00"' })).timestamp).toBe(
        '2026-11-26T10:00:00',
      );
      expect(
        parsed(setupRequest({ root: 'payloadID="p1" timestamp="Mon May 19 18:29:48 +0000 2008"' })).timestamp,
      ).toBe('Mon May 19 18:29:48 +0000 2008');
      expect(parsed(setupRequest({ root: 'payloadID="p1"' })).timestamp).toBeNull();
    });

    it('accepts a payloadID without "@", no DOCTYPE, no xml:lang (English then), a lower-case root', () => {
      const request = parsed(setupRequest({ root: 'payloadID="933695160890"', doctype: '' }));
      expect(request.payloadId).toBe('933695160890');
      expect(request.lang).toBe('en');
      expect(
        parsed(
          setupRequest({ root: 'payloadID="p"' }).replace('<cXML', '<cxml').replace('</cXML>', '</cxml>'),
        ).payloadId,
      ).toBe('p');
    });

    it('accepts an empty BuyerCookie and keeps a cookie byte for byte (spaces, markup characters, non-Latin)', () => {
      expect(
        parsed(
          setupRequest({
            body: `<BuyerCookie/><Extrinsic name="UserEmail">j@a.example</Extrinsic><BrowserFormPost><URL>https://a.example/r</URL></BrowserFormPost>`,
          }),
        ).buyerCookie,
      ).toBe('');
      const request = parsed(
        setupRequest({
          body: `<BuyerCookie> a&amp;b &lt;c&gt; "d" 'e' Ж 日本 </BuyerCookie><Extrinsic name="UserEmail">j@a.example</Extrinsic><BrowserFormPost><URL>https://a.example/r</URL></BrowserFormPost>`,
        }),
      );
      expect(request.buyerCookie).toBe(` a&b <c> "d" 'e' Ж 日本 `);
    });

    it('reads the ShipTo address as the REST shipTo and keeps the element to echo', () => {
      const request = parsed(
        setupRequest({
          body: `<BuyerCookie>c</BuyerCookie><Extrinsic name="UserEmail">j@a.example</Extrinsic>
          <BrowserFormPost><URL>https://a.example/r</URL></BrowserFormPost>
          <ShipTo><Address isoCountryCode="DE" addressID="HQ"><Name xml:lang="en">ACME HQ</Name>
            <PostalAddress><DeliverTo>Jane</DeliverTo><Street>Hauptstr. 1</Street><Street>Hof 2</Street>
            <City>Berlin</City><PostalCode>10115</PostalCode><Country isoCountryCode="de">Germany</Country></PostalAddress>
          </Address></ShipTo>`,
        }),
      );
      expect(request.shipTo?.address).toEqual({
        addressId: 'HQ',
        street: 'Hauptstr. 1, Hof 2',
        city: 'Berlin',
        postalCode: '10115',
        country: 'Germany',
        countryCode: 'DE',
      });
      expect(request.shipTo?.element.name).toBe('ShipTo');
    });

    it('reads SelectedItem and ItemOut lines (quantities "2", "3.0", " 4 ")', () => {
      const request = parsed(
        setupRequest({
          operation: 'edit',
          body: `<BuyerCookie>c</BuyerCookie><Extrinsic name="UserEmail">j@a.example</Extrinsic>
          <BrowserFormPost><URL>https://a.example/r</URL></BrowserFormPost>
          <SelectedItem><ItemID><SupplierPartID>SKU-9</SupplierPartID></ItemID></SelectedItem>
          <ItemOut quantity="2"><ItemID><SupplierPartID>SKU-1</SupplierPartID><SupplierPartAuxiliaryID>offer-1</SupplierPartAuxiliaryID></ItemID>
            <ItemDetail><UnitPrice><Money currency="eur">6.90</Money></UnitPrice></ItemDetail></ItemOut>
          <ItemOut quantity="3.0"><ItemID><SupplierPartID> SKU-2 </SupplierPartID></ItemID></ItemOut>
          <ItemOut quantity=" 4 "><ItemID><SupplierPartID>SKU-3</SupplierPartID></ItemID></ItemOut>`,
        }),
      );
      expect(request.operation).toBe('edit');
      expect(request.selectedItem).toEqual({ supplierPartId: 'SKU-9', supplierPartAuxiliaryId: null });
      expect(request.items).toEqual([
        {
          supplierPartId: 'SKU-1',
          supplierPartAuxiliaryId: 'offer-1',
          quantity: 2,
          unitPrice: { amount: '6.90', currency: 'EUR' },
        },
        { supplierPartId: 'SKU-2', supplierPartAuxiliaryId: null, quantity: 3, unitPrice: null },
        { supplierPartId: 'SKU-3', supplierPartAuxiliaryId: null, quantity: 4, unitPrice: null },
      ]);
    });
  });

  describe('refuses, naming the element', () => {
    it.each([
      ['not XML', 'hello', 400, /not well-formed XML/],
      ['another root', '<Order payloadID="1"/>', 400, /root element is Order/],
      ['no payloadID', setupRequest({ root: 'timestamp="2026-11-26T10:00:00Z"' }), 400, /payloadID/],
      ['no Header', setupRequest({ header: '' }), 400, /Header element is missing/],
      [
        'no From',
        setupRequest({
          header: `<Header><To><Credential domain="x"><Identity>y</Identity></Credential></To>
            <Sender><Credential domain="x"><Identity>c</Identity><SharedSecret>s</SharedSecret></Credential></Sender></Header>`,
        }),
        400,
        /Header\/From/,
      ],
      [
        'no Sender Identity',
        setupRequest({
          header: `<Header><From><Credential domain="x"><Identity>b</Identity></Credential></From>
            <To><Credential domain="x"><Identity>y</Identity></Credential></To>
            <Sender><Credential domain="x"><SharedSecret>s</SharedSecret></Credential></Sender></Header>`,
        }),
        400,
        /Header\/Sender\/Credential\/Identity/,
      ],
      [
        'no SharedSecret',
        setupRequest({
          header: `<Header><From><Credential domain="x"><Identity>b</Identity></Credential></From>
            <To><Credential domain="x"><Identity>y</Identity></Credential></To>
            <Sender><Credential domain="x"><Identity>c</Identity></Credential></Sender></Header>`,
        }),
        400,
        /SharedSecret/,
      ],
      [
        'no BuyerCookie',
        setupRequest({
          body: '<Extrinsic name="UserEmail">j@a.example</Extrinsic><BrowserFormPost><URL>https://a.example/r</URL></BrowserFormPost>',
        }),
        400,
        /BuyerCookie is missing/,
      ],
      [
        'no user',
        setupRequest({
          body: '<BuyerCookie>c</BuyerCookie><BrowserFormPost><URL>https://a.example/r</URL></BrowserFormPost>',
        }),
        400,
        /UserEmail/,
      ],
      [
        'no BrowserFormPost',
        setupRequest({
          body: '<BuyerCookie>c</BuyerCookie><Extrinsic name="UserEmail">j@a.example</Extrinsic>',
        }),
        400,
        /BrowserFormPost\/URL/,
      ],
      [
        'a fractional ItemOut quantity',
        setupRequest({
          operation: 'edit',
          body: `<BuyerCookie>c</BuyerCookie><Extrinsic name="UserEmail">j@a.example</Extrinsic><BrowserFormPost><URL>https://a.example/r</URL></BrowserFormPost>
            <ItemOut quantity="1.5"><ItemID><SupplierPartID>S</SupplierPartID></ItemID></ItemOut>`,
        }),
        400,
        /ItemOut\[1\]: quantity/,
      ],
      [
        'an ItemOut without SupplierPartID',
        setupRequest({
          operation: 'edit',
          body: `<BuyerCookie>c</BuyerCookie><Extrinsic name="UserEmail">j@a.example</Extrinsic><BrowserFormPost><URL>https://a.example/r</URL></BrowserFormPost>
            <ItemOut quantity="1"><ItemID/></ItemOut>`,
        }),
        400,
        /ItemOut\[1\]\/ItemID\/SupplierPartID/,
      ],
      [
        'a ShipTo country that is no ISO code',
        setupRequest({
          body: `<BuyerCookie>c</BuyerCookie><Extrinsic name="UserEmail">j@a.example</Extrinsic><BrowserFormPost><URL>https://a.example/r</URL></BrowserFormPost>
            <ShipTo><Address isoCountryCode="ZZ"><Name xml:lang="en">x</Name></Address></ShipTo>`,
        }),
        400,
        /ShipTo\/Address: countryCode/,
      ],
      ['operation source', setupRequest({ operation: 'source' }), 406, /operation "source" is not supported/],
      ['cXML 2.0', setupRequest({ root: 'payloadID="p" version="2.0"' }), 406, /version "2.0"/],
      [
        'another request',
        setupRequest().replace(/<PunchOutSetupRequest[\s\S]*<\/PunchOutSetupRequest>/, '<OrderRequest/>'),
        406,
        /"OrderRequest" is not supported/,
      ],
      [
        'an encoding other than UTF-8',
        setupRequest().replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'),
        400,
        /only UTF-8/,
      ],
    ])('%s', (_name, text, code, message) => {
      const refused = problem(text);
      expect(refused.code).toBe(code);
      expect(refused.text).toMatch(message);
    });
  });

  describe('is hardened against XML attacks', () => {
    it('refuses an XXE document (external entity in an internal subset) with 400, reading nothing', () => {
      const xxe = `<?xml version="1.0"?>
<!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<cXML payloadID="p"><Header/><Request><PunchOutSetupRequest operation="create"><BuyerCookie>&xxe;</BuyerCookie></PunchOutSetupRequest></Request></cXML>`;
      const refused = problem(xxe);
      expect(refused.code).toBe(400);
      expect(refused.text).toMatch(/internal subset/);
      expect(refused.text).not.toMatch(/root:/);
    });

    it('refuses a billion-laughs document with 400', () => {
      const entities = Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
      ).join('');
      const laughs = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY lol0 "lol">${entities}]><cXML payloadID="p">&lol9;</cXML>`;
      const refused = problem(laughs);
      expect(refused.code).toBe(400);
      // Refused for declaring entities, before anything is expanded.
      expect(refused.text).toMatch(/internal subset/);
    });

    it('refuses an entity reference with no DTD at all (only the five XML entities exist)', () => {
      const refused = problem(setupRequest({ body: '<BuyerCookie>&xxe;</BuyerCookie>' }));
      expect(refused.code).toBe(400);
      expect(refused.text).toMatch(/undefined entity/i);
    });

    it('ignores (never fetches) the external DTD of a plain DOCTYPE, whatever it points to', () => {
      const request = parsed(setupRequest({ doctype: '<!DOCTYPE cXML SYSTEM "file:///etc/passwd">' }));
      expect(request.buyerCookie).toBe('cookie-1');
    });

    it('refuses nesting deeper than 64 levels', () => {
      const deep = `<cXML payloadID="p">${'<a>'.repeat(100)}${'</a>'.repeat(100)}</cXML>`;
      expect(problem(deep).text).toMatch(/nested deeper/);
    });
  });
});
