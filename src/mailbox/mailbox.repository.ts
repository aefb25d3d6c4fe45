import type { Db } from '../db/database.js';
import type { Selectable } from 'kysely';
import type { MailboxStateTable } from '../db/schema.js';

export type MailboxState = Selectable<MailboxStateTable>;

export async function getMailboxState(db: Db, mailbox: string): Promise<MailboxState | undefined> {
  return db.selectFrom('mailbox_state').selectAll().where('mailbox', '=', mailbox).executeTakeFirst();
}

export async function saveMailboxState(db: Db, mailbox: string, uidvalidity: number, lastUid: number, now: number, synced: boolean): Promise<void> {
  await db
    .insertInto('mailbox_state')
    .values({ mailbox, uidvalidity, last_uid: lastUid, last_sync_at: synced ? now : null, updated_at: now })
    .onConflict((oc) =>
      oc.column('mailbox').doUpdateSet({
        uidvalidity,
        last_uid: lastUid,
        updated_at: now,
        ...(synced ? { last_sync_at: now } : {}),
      }),
    )
    .execute();
}
