import { CATALOGS } from '../i18n/catalogs';
import { ERRORS, ERROR_TABLES } from './error-codes';

describe('the error code registry', () => {
  it('holds every code of every table, none declared twice', () => {
    const codes = ERROR_TABLES.flatMap((table) => Object.keys(table));
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.keys(ERRORS).sort()).toEqual([...codes].sort());
  });

  it('puts the translations a resource table carries into the catalogs', () => {
    expect(ERRORS['venue-not-found'].message).toBe('The requested venue does not exist.');
    expect(CATALOGS.de_DE['The requested venue does not exist.']).toBe(ERRORS['venue-not-found'].de_DE);
    expect(CATALOGS.fr_FR['The requested venue does not exist.']).toBe(ERRORS['venue-not-found'].fr_FR);
  });
});
