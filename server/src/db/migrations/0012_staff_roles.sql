-- Staff permissions within the admin role (issue 19, decision 0167): every admin holds one
-- permission set; customers hold none. Admins that exist today keep doing everything: administrator.
ALTER TABLE "profiles" ADD COLUMN "staff_role" text;--> statement-breakpoint
UPDATE "profiles" SET "staff_role" = 'administrator' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_staff_role_valid" CHECK (("profiles"."role" = 'admin' and "profiles"."staff_role" is not null and "profiles"."staff_role" in ('operator', 'approver', 'administrator')) or ("profiles"."role" <> 'admin' and "profiles"."staff_role" is null));
