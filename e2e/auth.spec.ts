import { test, expect, signIn, demoEmail, demoPassword } from './fixtures';

test.describe('signing in', () => {
  // the specs of the login form itself: `loginAs` fills in the form instead of writing the session
  test.use({ signInBy: 'form' });

  test('the login page lists the demo accounts in demo mode', async ({ page }) => {
    await page.goto('/login');
    const demo = page.getByRole('region', { name: 'Demo accounts' });
    for (const role of ['admin', 'researcher', 'annotator'] as const) await expect(demo.getByText(demoEmail(role))).toBeVisible();
    await expect(demo.getByText(demoPassword)).toBeVisible();
  });

  test('a wrong password and an unknown email get the same generic message', async ({ page }) => {
    await signIn(page, demoEmail('researcher'), 'not-the-password');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Wrong email or password.');
    // The email stays in the form and the password field has the focus, so only the password is typed again.
    await expect(page.getByLabel('Email')).toHaveValue(demoEmail('researcher'));
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expect(page.getByLabel('Password')).toBeFocused();
    await signIn(page, 'nobody@paralens.local', 'not-the-password');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Wrong email or password.');
    await expect(page).toHaveURL(/\/login/);
  });

  test('repeated failures for one account are rate-limited', async ({ page }) => {
    const email = `locked-${Date.now()}@paralens.local`;
    for (let i = 0; i < 5; i += 1) {
      await signIn(page, email, `guess-${i}`);
      await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
    }
    await signIn(page, email, 'guess-again');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      /^Too many failed sign-in attempts\. Wait \d+ seconds and try again\.$/,
    );
  });

  const homes = [
    { role: 'annotator', home: '/annotate', heading: 'My campaigns', nav: ['My campaigns'] },
    {
      role: 'researcher',
      home: '/corpora',
      heading: 'Corpora',
      nav: ['My campaigns', 'Corpora', 'Explorer', 'Campaigns', 'Dashboards', 'Mining', 'Exports'],
    },
    {
      role: 'admin',
      home: '/corpora',
      heading: 'Corpora',
      nav: [
        'My campaigns',
        'Corpora',
        'Explorer',
        'Campaigns',
        'Dashboards',
        'Mining',
        'Exports',
        'Users',
        'Models',
        'Model endpoints',
        'Backups',
        'Audit log',
      ],
    },
  ] as const;

  for (const { role, home, heading, nav } of homes) {
    test(`${role}: lands on ${home} and sees exactly the navigation of the role`, async ({ page, loginAs }) => {
      await loginAs(role);
      await expect(page).toHaveURL(new RegExp(`${home}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
      await expect(links).toHaveText([...nav]);
    });
  }

  // A fresh account: signing out ends all of the account's sessions, and the demo accounts are shared by parallel tests.
  test('signing out returns to the login page and ends the account’s sessions in other browsers too', async ({
    page,
    browser,
    createAccount,
  }) => {
    test.slow(); // an admin creates the account, then two browsers sign in
    const account = await createAccount('researcher');
    const elsewhere = await browser.newContext();
    const otherPage = await elsewhere.newPage();
    await signIn(otherPage, account.email, account.password);
    await signIn(page, account.email, account.password);
    await expect(page.getByTestId('current-role')).toHaveText('Researcher');
    await expect(otherPage.getByTestId('current-role')).toHaveText('Researcher');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/corpora');
    await expect(page).toHaveURL(/\/login/);
    await otherPage.goto('/corpora');
    await expect(otherPage).toHaveURL(/\/login/);
    await elsewhere.close();
  });
});
