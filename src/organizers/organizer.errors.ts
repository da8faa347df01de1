import { ResourceErrorTable } from '../common/errors/error-table';

/** The error codes of organizers (tec-other-api §1.2), with their translations; collected by common/errors/error-codes.ts. */
export const ORGANIZER_ERRORS = {
  'organizer-not-found': {
    status: 404,
    message: 'The requested organizer does not exist.',
    de_DE: 'Der angeforderte Veranstalter existiert nicht.',
    fr_FR: 'L’organisateur demandé n’existe pas.',
  },
  'organizer-not-accessible': {
    status: 403,
    message: 'The requested organizer is not accessible',
    de_DE: 'Der angeforderte Veranstalter ist nicht zugänglich',
    fr_FR: 'L’organisateur demandé n’est pas accessible',
  },
  'organizer-archive-page-not-found': {
    status: 404,
    message: 'The requested organizer archive page does not exist',
    de_DE: 'Die angeforderte Seite des Veranstalterarchivs existiert nicht',
    fr_FR: 'La page d’archive d’organisateurs demandée n’existe pas',
  },
  'organizer-is-in-trash': {
    status: 410,
    message: 'The organizer is already trashed',
    de_DE: 'Der Veranstalter ist bereits im Papierkorb',
    fr_FR: 'L’organisateur est déjà dans la corbeille',
  },
} as const satisfies ResourceErrorTable;
