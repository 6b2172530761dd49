// Sign-up's terms checkbox (issue 27 part 1): left unticked, the form says so under it and sends nothing.
import { describe, expect, it } from 'vitest';
import { contract } from '../../shared/contract/index.js';
import { CURRENT_TERMS_VERSION, TERMS_REQUIRED_MESSAGE, requireAcceptedTerms } from '../../shared/rules/auth/terms.js';

const form = requireAcceptedTerms(contract.auth.signUp.input);
const values = { email: 'new@example.com', password: 'secret-123', username: 'newbie', termsVersion: CURRENT_TERMS_VERSION };

describe('the sign-up form', () => {
  it("refuses an unticked terms box with the message on that field, beside the other fields' messages", () => {
    const issues = form.safeParse({ ...values, acceptedTerms: false }).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([['acceptedTerms', TERMS_REQUIRED_MESSAGE]]);
    const both = form.safeParse({ ...values, username: '', acceptedTerms: false }).error?.issues.map((i) => i.path.join('.'));
    expect(both).toEqual(['username', 'acceptedTerms']);
  });

  it('passes once ticked', () => {
    expect(form.safeParse({ ...values, acceptedTerms: true }).success).toBe(true);
  });

  it("leaves the operation's own input as the spec has it: an account made without acceptance records null", () => {
    expect(contract.auth.signUp.input.safeParse({ ...values, acceptedTerms: false }).success).toBe(true);
  });
});
