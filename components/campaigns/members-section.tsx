'use client';
import { FieldErrors } from './field-errors';
import styles from './campaigns.module.css';

export interface MemberOption {
  email: string;
  name: string;
  role: string;
}

/** The annotators of the new campaign, picked from the active users (any role may annotate). */
export function MembersSection({ users, chosen, onChange, errors }: { users: readonly MemberOption[]; chosen: string[]; onChange: (emails: string[]) => void; errors: readonly string[] }) {
  return (
    <section className="card stack" aria-labelledby="members-heading">
      <h2 id="members-heading">Annotators</h2>
      {users.length === 0 ? (
        <p className="muted">No active users. An admin creates accounts under Admin → Users.</p>
      ) : (
        <fieldset className={styles.options}>
          <legend>Members (they see the campaign under Annotate once it is active)</legend>
          {users.map((u) => (
            <label key={u.email} className={styles.inline}>
              <input type="checkbox" checked={chosen.includes(u.email)} onChange={(e) => onChange(e.target.checked ? [...chosen, u.email] : chosen.filter((x) => x !== u.email))} /> {u.name}{' '}
              <span className="small muted">
                {u.email} · {u.role.toLowerCase()}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <FieldErrors messages={errors} />
    </section>
  );
}
