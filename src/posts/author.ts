import { EntityManager } from 'typeorm';
import { AuthUser } from '../auth/auth-user';
import { UserEntity } from '../auth/entities/user.entity';
import { can } from '../auth/permissions';
import { ApiError } from '../common/errors/api-error';
import { msg } from '../common/i18n/message';

/**
 * The author of a write: the caller unless `requested` names someone else, which needs
 * edit_others_posts (403 rest_forbidden, checked first so user ids cannot be probed) and an
 * existing user (400).
 */
export async function resolveAuthor(manager: EntityManager, user: AuthUser, requested: number | undefined): Promise<number> {
  if (requested === undefined || requested === user.id) return user.id;
  if (!can(user, 'edit_others_posts')) throw ApiError.forbidden(true);
  if (!(await manager.exists(UserEntity, { where: { id: requested } }))) {
    throw ApiError.invalidParam('author', msg('No user has the id %s.', requested));
  }
  return requested;
}
