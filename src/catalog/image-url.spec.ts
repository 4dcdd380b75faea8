import { absoluteImageUrl } from './image-url';

describe('absoluteImageUrl', () => {
  it('puts a path on the gateway under PUBLIC_URL', () => {
    expect(absoluteImageUrl('/images/drawn/mug/2160b8/front/small.svg?brand=K', 'https://gw.example/p')).toBe(
      'https://gw.example/p/images/drawn/mug/2160b8/front/small.svg?brand=K',
    );
  });

  it('leaves absolute and protocol-relative URLs as stored', () => {
    expect(absoluteImageUrl('https://cdn.example/a.jpg', 'https://gw.example')).toBe(
      'https://cdn.example/a.jpg',
    );
    expect(absoluteImageUrl('//cdn.example/a.jpg', 'https://gw.example')).toBe('//cdn.example/a.jpg');
  });
});
