import { ResourceErrorTable } from '../common/errors/error-table';

/** The error codes of venues (tec-other-api §1.1), with their translations; collected by common/errors/error-codes.ts. */
export const VENUE_ERRORS = {
  'venue-not-found': {
    status: 404,
    message: 'The requested venue does not exist.',
    de_DE: 'Der angeforderte Veranstaltungsort existiert nicht.',
    fr_FR: 'Le lieu demandé n’existe pas.',
  },
  'venue-not-accessible': {
    status: 403,
    message: 'The requested venue is not accessible',
    de_DE: 'Der angeforderte Veranstaltungsort ist nicht zugänglich',
    fr_FR: 'Le lieu demandé n’est pas accessible',
  },
  'venue-archive-page-not-found': {
    status: 404,
    message: 'The requested venue archive page does not exist',
    de_DE: 'Die angeforderte Seite des Veranstaltungsortarchivs existiert nicht',
    fr_FR: 'La page d’archive de lieux demandée n’existe pas',
  },
  'venue-is-in-trash': {
    status: 410,
    message: 'The venue is already trashed',
    de_DE: 'Der Veranstaltungsort ist bereits im Papierkorb',
    fr_FR: 'Le lieu est déjà dans la corbeille',
  },
} as const satisfies ResourceErrorTable;
