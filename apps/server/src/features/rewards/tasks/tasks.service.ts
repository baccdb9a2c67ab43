import { TASK_NAMES } from '@om/core';
import type { AppDeps } from '../../../app-deps.ts';
import { AppError, invalidInput } from '../../../http/app-error.ts';
import { checkAddress } from '../../../http/address-input.ts';
import type { SessionClaims } from '../../../http/auth-token.ts';
import { notify } from '../../notifications/notifications.service.ts';
import { findXAccount } from '../../x-account/x-account.queries.ts';
import { XApiError } from '../../x-account/x-api.ts';
import { xOAuthConfig } from '../../x-account/x-oauth.ts';
import { FOLLOW_FAILED, taskKey, taskNotification, taskReason, taskXp, toTasks } from './tasks.ts';
import { insertTaskRow, taskRowsOf, userHasAddress } from './tasks.queries.ts';
import { followsProduct, productXAccount } from './x-follow.ts';

type Deps = Pick<AppDeps, 'env' | 'db' | 'jwtSecret' | 'log'>;

/** The address a session asks about: valid here, and its sign-in address or one it linked. */
async function ownAddress(deps: Deps, session: SessionClaims, address: string): Promise<string> {
  checkAddress(address, 'address', deps.env.BITCOIN_NETWORK);
  if (!(await userHasAddress(deps.db, session, address))) {
    throw invalidInput(
      `address: ${address} is neither this session's address nor one linked to its profile`,
      'address',
    );
  }
  return address;
}

export async function listTasks(deps: Deps, session: SessionClaims, address: string) {
  const own = await ownAddress(deps, session, address);
  const keys = TASK_NAMES.map((name) => taskKey(name, own));
  return toTasks(deps.env, own, await taskRowsOf(deps.db, own, keys));
}

/**
 * Credits the follow task to the address once X says the session's connected account follows
 * the product's. Every failure is the spec's one message (why goes to the log) and writes
 * nothing; a task already done answers as done without asking X again.
 */
export async function completeFollowTwitter(
  deps: Deps,
  session: SessionClaims,
  address: string | undefined,
) {
  const own = await ownAddress(deps, session, address ?? session.address);
  const tasks = await listTasks(deps, session, own);
  if (tasks.tasks.some((t) => t.name === 'follow-twitter' && t.completed)) return tasks;
  const failed = (reason: string) => {
    deps.log.warn({ userId: session.userId, reason }, 'follow-twitter task not completed');
    return new AppError('INVALID_INPUT', FOLLOW_FAILED);
  };
  const config = xOAuthConfig(deps.env);
  if (!config) throw failed('X_CLIENT_ID is not set');
  const product = productXAccount(deps.env);
  if (!product) throw failed('neither PRODUCT_X_USER_ID nor PRODUCT_X_USERNAME is set');
  const row = await findXAccount(deps.db, session.userId);
  if (!row) throw failed('no X account is connected');
  let follows: boolean;
  try {
    follows = await followsProduct(deps, config, row, product);
  } catch (err) {
    if (err instanceof XApiError) throw failed(err.message);
    throw err;
  }
  if (!follows) throw failed(`@${row.username} does not follow the product's X account`);
  await deps.db.kysely.transaction().execute(async (trx) => {
    const isNew = await insertTaskRow(trx, {
      address: own,
      delta: taskXp(deps.env, 'follow-twitter'),
      reason: taskReason('follow-twitter'),
      key: taskKey('follow-twitter', own),
    });
    if (isNew) await notify(trx, taskNotification(deps.env, 'follow-twitter', own));
  });
  return listTasks(deps, session, own);
}
