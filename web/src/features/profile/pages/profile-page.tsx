import { FormAlert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/me';
import { usePageMeta } from '@/lib/page-meta';
import { ChangePasswordForm } from '../components/change-password-form';
import { ContactForm } from '../components/contact-form';
import { formatDay } from '../components/format';
import { ProfileDetails } from '../components/profile-details';

/** /user/dashboard/profile: every profile field (product §3), contact edits and the password change. */
export function ProfilePage() {
  usePageMeta({
    title: 'Your profile',
    description: 'Your Larkspur Bank profile, contact details and password.',
  });
  const me = useMe();
  const profile = me.data;

  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex items-center gap-4">
        {profile ? (
          <img
            src={profile.avatar}
            alt=""
            width={64}
            height={64}
            className="size-14 rounded-full sm:size-16"
          />
        ) : null}
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Your profile</h1>
          {profile ? (
            <p className="mt-0.5 text-slate-700">
              {profile.firstName} {profile.surname} · customer since {formatDay(profile.createdAt)}
            </p>
          ) : null}
        </div>
      </div>

      {profile ? (
        <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
          <ProfileDetails profile={profile} />
          <div className="space-y-6">
            <ContactForm profile={profile} />
            <ChangePasswordForm />
            <section
              aria-labelledby="profile-security-heading"
              className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
            >
              <h2 id="profile-security-heading" className="text-lg font-semibold text-slate-900">
                Security
              </h2>
              <p className="mt-1 text-sm text-slate-700">
                See the devices signed in to your account, sign them out, and review recent security activity.
              </p>
              <ButtonLink to={paths.userSecurity} variant="secondary" className="mt-4">
                Open security settings
              </ButtonLink>
            </section>
          </div>
        </div>
      ) : null}
      {me.isPending ? (
        <div role="status" className="mt-6 h-64 animate-pulse rounded-2xl bg-slate-200">
          <span className="sr-only">Loading your profile…</span>
        </div>
      ) : null}
      {me.isError && !profile ? (
        <div className="mt-6 space-y-3">
          <FormAlert>{me.error.message}</FormAlert>
          <Button variant="secondary" onClick={() => void me.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
    </main>
  );
}
