import { test as setup } from '@playwright/test';
import { authFile, type E2eUser, signInThroughForm, USERS } from './auth';

// Every user signs in once for the whole run (the sign-in endpoint is rate limited); the specs
// start from the saved storage state.
for (const user of Object.keys(USERS) as E2eUser[]) {
  setup(`sign in as ${user}`, async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signInThroughForm(page, user);
    await context.storageState({ path: authFile(user) });
    await context.close();
  });
}
