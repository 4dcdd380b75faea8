import { mediaUrl } from './media-url';

describe('mediaUrl', () => {
  it('resolves relative sources against the root, keeps absolute http(s) URLs and drops everything else', () => {
    expect(mediaUrl('img/a.jpg', 'https://media.example.com/catalog')).toBe(
      'https://media.example.com/catalog/img/a.jpg',
    );
    expect(mediaUrl('a b.jpg', 'https://media.example.com/catalog/')).toBe(
      'https://media.example.com/catalog/a%20b.jpg',
    );
    expect(mediaUrl('http://cdn.example.org/a.jpg', null)).toBe('http://cdn.example.org/a.jpg');
    expect(mediaUrl('a.jpg', null)).toBeNull();
    expect(mediaUrl('a.jpg', 'images/')).toBeNull();
    expect(mediaUrl('javascript:alert(1)', 'https://media.example.com/')).toBeNull();
    expect(mediaUrl('file:///etc/passwd', null)).toBeNull();
    expect(mediaUrl('', 'https://media.example.com/')).toBeNull();
  });
});
