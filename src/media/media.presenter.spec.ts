import { MediaEntity } from './media.entity';
import { presentImage } from './media.presenter';

describe('presentImage', () => {
  it('leaves unknown members out', () => {
    const media = Object.assign(new MediaEntity(), {
      id: 3,
      url: 'https://cdn.test/a.png',
      extension: 'png',
      width: null,
      height: null,
      sizes: null,
    });
    expect(presentImage(media)).toEqual({ url: 'https://cdn.test/a.png', id: 3, extension: 'png' });
  });

  it('percent-encodes what an image URL stored before issue #12 may hold', () => {
    const media = Object.assign(new MediaEntity(), {
      id: 3,
      url: 'https://cdn.test/a.png?"><script>alert(1)</script>',
      extension: 'png',
      width: null,
      height: null,
      sizes: null,
    });
    expect(presentImage(media).url).toBe('https://cdn.test/a.png?%22%3E%3Cscript%3Ealert(1)%3C/script%3E');
  });

  it('adds width, height and sizes when known', () => {
    const sizes = { thumbnail: { width: 150, height: 150, 'mime-type': 'image/png', url: 'https://cdn.test/a-150.png' } };
    const media = Object.assign(new MediaEntity(), {
      id: 3,
      url: 'https://cdn.test/a.png',
      extension: 'png',
      width: 10,
      height: 20,
      sizes: JSON.stringify(sizes),
    });
    expect(presentImage(media)).toEqual({ url: 'https://cdn.test/a.png', id: 3, extension: 'png', width: 10, height: 20, sizes });
  });
});
