/**
 * Sign-in limits against a remote guesser, over real sockets: each test connects from its own
 * local source address (127.0.0.x), which the server sees as the client's address.
 */
import { test, expect, demoEmail, demoPassword } from './fixtures';
import { httpSignIn } from './http-sign-in';

const freeFailures = 5; // lib/access/login-throttle.ts, signInPolicy.counters.pair

test('50 parallel wrong passwords for one account from one address: at most the limit are checked; a second address still signs in', async ({
  baseURL,
}) => {
  const email = demoEmail('annotator');
  const attacker = { baseURL: baseURL!, from: '127.0.0.2' };
  const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => httpSignIn(attacker, email, `guess-${i}`)));
  const verified = outcomes.filter((o) => o === 'wrong').length;
  const refused = outcomes.filter((o) => o === 'rate-limited').length;
  console.log(
    `50 parallel wrong passwords over HTTP: ${verified} checked against the password, ${refused} refused before the check`,
  );
  expect(verified).toBeLessThanOrEqual(freeFailures);
  expect(verified + refused).toBe(50);
  // the right password is refused too from that address for now…
  expect(await httpSignIn(attacker, email, demoPassword)).toBe('rate-limited');
  // …but the account is not locked: its owner at another address signs in.
  expect(await httpSignIn({ baseURL: baseURL!, from: '127.0.0.3' }, email, demoPassword)).toBe('signed-in');
});

test('X-Forwarded-For is ignored by default: 25 failures, each claiming another address, are limited as one address', async ({
  baseURL,
}) => {
  const email = demoEmail('researcher');
  const guesser = { baseURL: baseURL!, from: '127.0.0.4' };
  const outcomes: string[] = [];
  for (let i = 0; i < 25; i += 1)
    outcomes.push(await httpSignIn(guesser, email, `guess-${i}`, { 'X-Forwarded-For': `203.0.113.${i + 1}` }));
  expect(outcomes.filter((o) => o === 'wrong')).toHaveLength(freeFailures);
  expect(outcomes.filter((o) => o === 'rate-limited')).toHaveLength(25 - freeFailures);
  expect(await httpSignIn(guesser, email, demoPassword, { 'X-Forwarded-For': '198.51.100.99' })).toBe('rate-limited');
});
