import { msg } from './message';
import { resolveLocale, translate, translateDeep } from './translator';

describe('resolveLocale', () => {
  it.each([
    [undefined, 'en_US'],
    ['de-DE', 'de_DE'],
    ['de', 'de_DE'],
    ['fr-CA,fr;q=0.9', 'fr_FR'],
    ['es, fr;q=0.5, de;q=0.8', 'de_DE'],
    ['ja', 'en_US'],
    ['de;q=0, fr', 'fr_FR'],
  ])('%s gives %s on an en_US site', (header, locale) => {
    expect(resolveLocale(header, 'en_US')).toBe(locale);
  });

  it('falls back to the site locale', () => {
    expect(resolveLocale('ja', 'fr_FR')).toBe('fr_FR');
  });
});

describe('translate', () => {
  it('fills placeholders in order and keeps literal percent signs', () => {
    expect(translate(msg('Missing parameter(s): %s (100%%)', 'a, b'), 'en_US')).toBe('Missing parameter(s): a, b (100%)');
  });

  it('translates a word given as a message with its sentence, and writes it in English otherwise', () => {
    const unknown = msg('No %s has the id(s): %s.', msg('venue'), '7, 9');
    expect(translate(unknown, 'de_DE')).toBe('Kein(e) Veranstaltungsort hat die ID(s): 7, 9.');
    expect(translate(unknown, 'fr_FR')).toBe('Aucun(e) lieu n’a le ou les ID : 7, 9.');
    expect(translate(unknown, 'en_US')).toBe('No venue has the id(s): 7, 9.');
  });

  it('translates messages nested in error data', () => {
    expect(translateDeep({ params: { a: msg('x %s', 1) }, list: [msg('y')] }, 'en_US')).toEqual({ params: { a: 'x 1' }, list: ['y'] });
  });
});
