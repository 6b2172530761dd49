import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useWriteOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { Card } from '../components/Card.js';
import { Button } from '../components/Button.js';
import { notify } from '../components/Toaster.js';
import { COACH_MESSAGES } from '../../shared/rules/coaches/fields.js';
import { coachFieldsOf, emptyCoachForm, type CoachFormValues } from '../../shared/rules/coaches/form.js';
import { CoachForm } from './CoachForm.js';
import { useProductName } from '../lib/useProductName.js';
import { errorText } from '../lib/op-error-text.js';

/** /admin/coaches/new: the defaults, the name check, then on to the new coach's edit screen. */
export default function NewCoachPage() {
  const productName = useProductName();
  const navigate = useNavigate();
  const create = useWriteOp('coaches', 'create');
  const [form, setForm] = useState<CoachFormValues | null>(null);
  const value = form ?? emptyCoachForm(productName);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.name.trim()) {
      notify.error(COACH_MESSAGES.validationTitle, COACH_MESSAGES.nameRequired);
      return;
    }
    create.mutate(coachFieldsOf(value), {
      onSuccess: ({ id }) => {
        notify.success(COACH_MESSAGES.coachCreated);
        void navigate(`/admin/coaches/${id}`);
      },
      onError: (err) => notify.error(COACH_MESSAGES.createFailed, errorText(err)),
    });
  };

  return (
    <div className="page page-narrow">
      <PageHeader title="New Coach" subtitle="Create the coach, then write its prompt and knowledge base" back={{ to: '/admin/coaches' }} />
      <Card>
        <form className="form" onSubmit={submit} noValidate aria-label="New coach">
          <CoachForm value={value} onChange={setForm} productName={productName} slug="derived" />
          <div className="form-actions">
            <Button type="submit" variant="primary" busy={create.isPending}>
              Create Coach
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
