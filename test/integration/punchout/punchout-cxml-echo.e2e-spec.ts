import { ClientsService } from '../../../src/oauth/clients.service';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp } from '../../factories/punchout.factory';
import { at, CxmlNode, postSetup, readCxml, setupRequest } from '../../support/cxml';
import { expectValidCxml } from '../../support/cxml-dtd';
import { ociFormsOf } from '../../support/oci-form';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const RETURN = 'https://acme.coupahost.com/punchout/checkout/4';

/**
 * What the order message echoes from the setup request: the BuyerCookie byte for byte (a carriage
 * return too, which a parser would read as a line feed if written raw) and the ShipTo as far as the
 * cXML DTD allows it, so the message stays valid (xmllint against the real DTD) whatever the buyer sent.
 */
describe('cXML order message: what it echoes from the setup request', () => {
  let t: TestApp;
  let clients: ClientsService;

  beforeAll(async () => {
    t = await startTestApp();
    clients = t.app.get(ClientsService);
  });
  afterAll(() => t.close());

  /** Sets up a session with `parts`, opens it and cancels it: the order message's document as the buyer decodes it. */
  async function orderMessageAfter(parts: {
    cookie?: string;
    extra?: string;
  }): Promise<{ document: string; doc: CxmlNode }> {
    const organization = await createOrganization(t.prisma);
    const { client, clientId } = await createClient(t.prisma, organization, {
      callbackOrigins: ['https://acme.coupahost.com'],
    });
    await t.prisma.oAuthClient.update({ where: { id: client.id }, data: { cxmlEncoding: 'base64' } });
    const { punchoutSecret } = await clients.setPunchoutSecret(clientId, { label: 'test' });
    const buyer = await createUser(t.prisma, organization, { email: `jane-${clientId}@acme.example` });
    const answer = await postSetup(
      t.baseUrl,
      setupRequest({ clientId, secret: punchoutSecret, email: buyer.email, url: RETURN, ...parts }),
    );
    expect(answer.code).toBe('200');
    const started = await getPage(onTestApp(answer.startUrl!, t.baseUrl));
    const base = /^(.*\/punchout\/s\/psk_[A-Za-z0-9_-]{43})/.exec(`${t.baseUrl}${started.location}`)![1];
    const cart = await getPage(`${base}/cart`);
    const cancelled = await postForm(`${base}/cancel`, { csrf: csrfOf(cart.html) });
    const [form] = ociFormsOf(cancelled.html);
    const [name, value] = form.fields[0];
    expect(name).toBe('cxml-base64');
    const document = Buffer.from(value, 'base64').toString('utf8');
    return { document, doc: readCxml(document) };
  }

  it('a BuyerCookie with CR LF comes back with the same characters (the CR as &#xD;)', async () => {
    const { document, doc } = await orderMessageAfter({ cookie: 'a&#13;&#10;b' });
    expect(at(doc, 'Message/PunchOutOrderMessage/BuyerCookie')!.text).toBe('a\r\nb');
    expect(document).not.toContain('\r');
    expectValidCxml(document);
  });

  it('a ShipTo with unknown elements, extra attributes and lower-case names is echoed as the DTD allows, and the message validates', async () => {
    const { document, doc } = await orderMessageAfter({
      extra: `<ShipTo shipping="express"><address isoCountryCode="DE" addressID="HQ" internal="x">
          <Name xml:lang="en">ACME HQ</Name>
          <postaladdress><street>Hauptstr. 1</street><city>Berlin</city><PostalCode>10115</PostalCode>
            <Country isoCountryCode="DE">Germany</Country><Notes>Gate 4</Notes></postaladdress>
          <Dock>7</Dock><Email>dock@acme.example</Email></address><Internal>secret-ish</Internal></ShipTo>`,
    });
    expectValidCxml(document);
    const shipTo = at(doc, 'Message/PunchOutOrderMessage/PunchOutOrderMessageHeader/ShipTo')!;
    const address = at(shipTo, 'Address')!;
    expect(address.attributes).toEqual({ isoCountryCode: 'DE', addressID: 'HQ' });
    expect(address.children.map((child) => child.name)).toEqual(['Name', 'PostalAddress', 'Email']);
    expect(at(address, 'PostalAddress')!.children.map((child) => child.name)).toEqual([
      'Street',
      'City',
      'PostalCode',
      'Country',
    ]);
    expect(at(address, 'PostalAddress/Street')!.text).toBe('Hauptstr. 1');
    expect(shipTo.attributes).toEqual({});
    expect(document).not.toContain('Internal');
    expect(document).not.toContain('Gate 4');
  });

  it('a ShipTo whose Address has no Name is left out of the message, which still validates', async () => {
    const { document, doc } = await orderMessageAfter({
      extra: `<ShipTo><Address addressID="HQ"><PostalAddress><Street>Hauptstr. 1</Street><City>Berlin</City>
        <Country isoCountryCode="DE">Germany</Country></PostalAddress></Address></ShipTo>`,
    });
    expectValidCxml(document);
    expect(at(doc, 'Message/PunchOutOrderMessage/PunchOutOrderMessageHeader/ShipTo')).toBeUndefined();
  });
});
