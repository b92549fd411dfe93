'use client';
import { FieldErrors } from '@/components/ui/field';
import styles from './campaigns.module.css';
import { Checkbox } from '@/components/ui/choice';

export interface MemberOption {
  email: string;
  name: string;
  role: string;
}

/** The annotators of the new campaign, picked from the active users (any role may annotate). */
export function MembersSection({
  users,
  chosen,
  onChange,
  errors,
}: {
  users: readonly MemberOption[];
  chosen: string[];
  onChange: (emails: string[]) => void;
  errors: readonly string[];
}) {
  return (
    <section className="card stack" aria-labelledby="members-heading">
      <h2 id="members-heading">Annotators</h2>
      {users.length === 0 ? (
        <p className="muted">No active users. An admin creates accounts under Admin → Users.</p>
      ) : (
        <fieldset className={styles.options}>
          <legend>Members (they see the campaign under Annotate once it is active)</legend>
          {users.map((u) => (
            <Checkbox
              key={u.email}
              checked={chosen.includes(u.email)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, u.email] : chosen.filter((x) => x !== u.email))}
              label={u.name}
              hint={`${u.email} · ${u.role.toLowerCase()}`}
            />
          ))}
        </fieldset>
      )}
      <FieldErrors messages={errors} />
    </section>
  );
}
