import { describe, expect, it } from 'vitest';
import { jiraSiteFields, NO_JIRA_SITE } from './JiraSiteFields';

describe('jiraSiteFields', () => {
  const url = 'https://acme.atlassian.net';

  it('sends nothing without a Web URL, whatever else is filled', () => {
    expect(jiraSiteFields(NO_JIRA_SITE)).toEqual({});
    expect(jiraSiteFields({ ...NO_JIRA_SITE, url: '  ', email: 'me@example.com', token: 't' })).toEqual({});
  });

  it('Basic: the email and the API token beside the URL', () => {
    expect(jiraSiteFields({ url: ` ${url} `, method: 'basic', email: ' me@example.com ', token: 'tok' })).toEqual({
      jira_url: url,
      jira_email: 'me@example.com',
      jira_api_token: 'tok',
    });
  });

  it('a Jira personal access token alone', () => {
    expect(jiraSiteFields({ url, method: 'pat', email: '', token: 'pat' })).toEqual({
      jira_url: url,
      jira_personal_access_token: 'pat',
    });
  });

  it('the URL alone when no credentials are given (what the site shows anonymous visitors)', () => {
    expect(jiraSiteFields({ url, method: 'basic', email: '', token: '' })).toEqual({ jira_url: url });
    expect(jiraSiteFields({ url, method: 'pat', email: '', token: '' })).toEqual({ jira_url: url });
  });
});
