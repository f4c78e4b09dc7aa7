import { z } from 'zod';
import { emailSchema, NAME_LENGTH_MAX, passwordSchema, userStatusSchema } from './auth';
import { staffRoleSchema } from './staff';

/**
 * The Staff page (issue 19, decision 0168): GET/POST /api/admin/staff, PATCH /api/admin/staff/:id.
 * Kept apart from staff.ts, which the session schema imports, so neither file imports the other.
 */

/** Staff are few; one page of this many is the whole list for any bank we serve. */
export const STAFF_PAGE_SIZE_MAX = 100;
export const STAFF_CURSOR_LENGTH_MAX = 200;

export const staffMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  surname: z.string(),
  staffRole: staffRoleSchema,
  status: userStatusSchema,
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListQuerySchema = z.strictObject({
  cursor: z.string().max(STAFF_CURSOR_LENGTH_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(STAFF_PAGE_SIZE_MAX).default(STAFF_PAGE_SIZE_MAX),
});

export const staffPageSchema = z.object({
  items: z.array(staffMemberSchema),
  nextCursor: z.string().nullable(),
});

const staffName = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(NAME_LENGTH_MAX, `Use at most ${NAME_LENGTH_MAX} characters`);

/** A new staff member: they sign in at /admin/login with this email, password and an emailed code. */
export const staffCreateSchema = z.strictObject({
  email: emailSchema,
  firstName: staffName,
  surname: staffName,
  password: passwordSchema,
  staffRole: staffRoleSchema,
});
export type StaffCreate = z.infer<typeof staffCreateSchema>;

/** Change a staff member's set, or disable (`suspended`) or enable (`active`) them; one or both. */
export const staffUpdateSchema = z
  .strictObject({
    staffRole: staffRoleSchema.optional(),
    status: z.enum(['active', 'suspended']).optional(),
  })
  .refine((v) => v.staffRole !== undefined || v.status !== undefined, {
    message: 'Nothing to change.',
  });
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;
