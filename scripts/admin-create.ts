// npm run admin:create -- --email EMAIL [--role operator|approver|administrator] [--first NAME --surname NAME]
// Creates a staff member (an administrator unless --role says otherwise; decision 0167) in the
// configured database. The password comes from ADMIN_PASSWORD
// or is asked for (not echoed); there is never a default.
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import {
  emailSchema,
  NAME_LENGTH_MAX,
  passwordSchema,
  STAFF_ROLE_DEFAULT,
  STAFF_ROLES,
  staffRoleSchema,
} from '@larkspur/contract';
import { systemClock } from '../server/src/lib/clock';
import { createFieldCipher, resolveDataKey } from '../server/src/lib/field-encryption';
import { hashPassword } from '../server/src/lib/passwords';
import { createAuditLog } from '../server/src/modules/audit/audit-log';
import { createUserService } from '../server/src/modules/users/user-service';
import { withConfiguredDatabase } from './lib/with-database';

const usage =
  'usage: npm run admin:create -- --email EMAIL [--role operator|approver|administrator] [--first NAME --surname NAME]  (password: ADMIN_PASSWORD or prompt)';

async function promptHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new Error('No terminal to ask for the password: set ADMIN_PASSWORD.');
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  try {
    return await new Promise<string>((resolve) => {
      rl.question(question, (answer) => resolve(answer));
      muted = true;
    });
  } finally {
    rl.close();
    process.stdout.write('\n');
  }
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string' },
    first: { type: 'string' },
    surname: { type: 'string' },
  },
  strict: true,
});

const email = emailSchema.safeParse(values.email ?? '');
if (!email.success) {
  console.error(values.email ? `Invalid email: ${values.email}` : usage);
  process.exit(1);
}
const staffRole = staffRoleSchema.safeParse(values.role ?? STAFF_ROLE_DEFAULT);
if (!staffRole.success) {
  console.error(`Unknown permission set: ${values.role}. Use one of: ${STAFF_ROLES.join(', ')}.`);
  process.exit(1);
}
const firstName = (values.first ?? 'Bank').trim().slice(0, NAME_LENGTH_MAX);
const surname = (values.surname ?? 'Administrator').trim().slice(0, NAME_LENGTH_MAX);

let password = process.env.ADMIN_PASSWORD ?? '';
if (!password) {
  password = await promptHidden('Password for the new admin (12–128 characters): ');
  const again = await promptHidden('Repeat the password: ');
  if (again !== password) {
    console.error('The passwords do not match.');
    process.exit(1);
  }
}
const checked = passwordSchema.safeParse(password);
if (!checked.success) {
  console.error(`Password refused: ${checked.error.issues[0]?.message ?? 'not valid'}`);
  process.exit(1);
}

await withConfiguredDatabase(async (database, config) => {
  const users = createUserService({
    db: database.db,
    clock: systemClock,
    cipher: createFieldCipher(resolveDataKey(config.dataEncryptionKey, config.dataDir)),
  });
  if (await users.emailExists(email.data)) {
    console.error(`An account with the email ${email.data} exists already.`);
    return 1;
  }
  const passwordHash = await hashPassword(password);
  const { userId } = await database.db.transaction(async (tx) => {
    const admin = await users.createAdmin(tx, {
      email: email.data,
      passwordHash,
      firstName,
      surname,
      staffRole: staffRole.data,
    });
    await createAuditLog({ clock: systemClock }).record(tx, {
      action: 'admin.create',
      outcome: 'success',
      subjectType: 'user',
      subjectId: admin.userId,
      reason: 'npm run admin:create',
      details: { after: { staffRole: staffRole.data } },
    });
    return admin;
  });
  console.log(
    `Admin ${firstName} ${surname} <${email.data}> created as ${staffRole.data} (id ${userId}). Sign in at ${config.publicOrigin}/admin/login.`,
  );
});
