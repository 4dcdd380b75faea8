import { readXml, XmlElement } from '../../common/xml/xml-tree';
import { shipToForEcho } from './cxml-ship-to';

function echoOf(xml: string, lang = 'en'): XmlElement | null {
  const read = readXml(xml);
  if (!read.ok) throw new Error(read.message);
  return shipToForEcho(read.root, lang);
}
const names = (element: XmlElement | undefined) =>
  element?.children.map((child) => (typeof child === 'string' ? '#text' : child.name));
const child = (element: XmlElement | null | undefined, name: string) =>
  element?.children.find((c): c is XmlElement => typeof c !== 'string' && c.name === name);

describe('shipToForEcho', () => {
  it("keeps a valid ShipTo as it is, in the DTD's spelling and order", () => {
    const echo = echoOf(
      `<shipto><ADDRESS addressid="HQ"><email>a@b.example</email><name xml:lang="de">ACME</name>
        <PostalAddress><Country isoCountryCode="DE">Germany</Country><City cityCode="B">Berlin</City>
        <Street>Hauptstr. 1</Street><Street>Hof 2</Street><DeliverTo>Jane</DeliverTo></PostalAddress></ADDRESS></shipto>`,
    );
    expect(echo?.name).toBe('ShipTo');
    const address = child(echo, 'Address');
    expect(address?.attributes).toEqual({ addressID: 'HQ' });
    expect(names(address)).toEqual(['Name', 'PostalAddress', 'Email']);
    expect(child(address, 'Name')?.attributes).toEqual({ 'xml:lang': 'de' });
    expect(names(child(address, 'PostalAddress'))).toEqual([
      'DeliverTo',
      'Street',
      'Street',
      'City',
      'Country',
    ]);
  });

  it('leaves out unknown elements and attributes, and elements inside text', () => {
    const echo = echoOf(
      `<ShipTo x="1"><Address foo="bar" isoCountryCode="DE"><Name xml:lang="en">ACME<b>!</b></Name><Dock/></Address><Other/></ShipTo>`,
    );
    expect(echo?.attributes).toEqual({});
    const address = child(echo, 'Address');
    expect(address?.attributes).toEqual({ isoCountryCode: 'DE' });
    expect(names(address)).toEqual(['Name']);
    expect(child(address, 'Name')?.children).toEqual(['ACME']);
  });

  it("gives a Name without a language the document's, drops an attribute that is not a token", () => {
    const echo = echoOf(
      `<ShipTo><Address isoCountryCode="D E"><Name>ACME</Name></Address></ShipTo>`,
      'de-DE',
    );
    const address = child(echo, 'Address');
    expect(address?.attributes).toEqual({});
    expect(child(address, 'Name')?.attributes).toEqual({ 'xml:lang': 'de-DE' });
  });

  it('leaves out an optional part that misses what it requires, and the ShipTo when its Address does', () => {
    const noCountry = echoOf(
      `<ShipTo><Address><Name xml:lang="en">A</Name><PostalAddress><Street>S</Street><City>C</City></PostalAddress></Address></ShipTo>`,
    );
    expect(names(child(noCountry, 'Address'))).toEqual(['Name']);
    expect(echoOf(`<ShipTo><Address><PostalAddress/></Address></ShipTo>`)).toBeNull();
    expect(echoOf(`<ShipTo/>`)).toBeNull();
  });

  it('keeps one choice of a Fax and the carrier references with their required attributes', () => {
    const echo = echoOf(
      `<ShipTo><Address><Name xml:lang="en">A</Name><Fax><Email>f@x.example</Email><URL>https://x.example</URL></Fax></Address>
        <CarrierIdentifier domain="SCAC">UPSN</CarrierIdentifier><CarrierIdentifier>none</CarrierIdentifier>
        <IdReference identifier="7" domain="dock"><Creator xml:lang="en">x</Creator></IdReference></ShipTo>`,
    );
    expect(names(child(child(echo, 'Address'), 'Fax'))).toEqual(['URL']);
    expect(names(echo ?? undefined)).toEqual(['Address', 'CarrierIdentifier', 'IdReference']);
    expect(names(child(echo, 'IdReference'))).toEqual([]);
  });
});
