import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Alert, Avatar, Badge, Button, Card, Steps, initialsOf } from './index';
import { Field, FormError, controlProps } from './fields';

afterEach(cleanup);

describe('design system components', () => {
  it('Button: type="button" unless told, each area and variant wearing the classes its stylesheet draws', () => {
    render(
      <>
        <Button variant="primary">Go</Button>
        <Button variant="secondary" size="lg" type="submit">
          Send
        </Button>
        <Button area="admin" variant="danger">
          Delete
        </Button>
        <Button area="portal">Save</Button>
        <Button variant="link" className="extra">
          More
        </Button>
        <Button className="modal-close">Close</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Go' }).getAttribute('type')).toBe('button');
    expect(screen.getByRole('button', { name: 'Go' }).className).toBe('primary');
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('button', { name: 'Send' }).className).toBe('button secondary btn--lg');
    expect(screen.getByRole('button', { name: 'Delete' }).className).toBe('admin-button danger');
    expect(screen.getByRole('button', { name: 'Save' }).className).toBe('portal-button');
    expect(screen.getByRole('button', { name: 'More' }).className).toBe('link-button extra');
    expect(screen.getByRole('button', { name: 'Close' }).className).toBe('modal-close');
  });

  it('Button: busy is disabled and announced, with the same name', () => {
    render(
      <Button variant="primary" busy>
        Pay now
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pay now' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('Field: label bound to the control, the error beside it and announced', () => {
    render(
      <Field id="email" label="E-mail" hint="We never share it" error="Email is required">
        <input id="email" aria-invalid aria-describedby="email-error" />
      </Field>,
    );
    expect(screen.getByLabelText('E-mail').id).toBe('email');
    expect(screen.getByRole('alert').id).toBe('email-error');
    expect(screen.getByRole('alert').className).toBe('field-error');
  });

  it('controlProps: the control names its hint, and its error only while there is one', () => {
    const { rerender } = render(
      <Field id="phone" label="Phone" hint="UK numbers">
        <input {...controlProps('phone', { hint: 'UK numbers' })} />
      </Field>,
    );
    const input = screen.getByLabelText('Phone');
    expect([input.getAttribute('aria-describedby'), input.getAttribute('aria-invalid')]).toEqual(['phone-hint', null]);
    rerender(
      <Field id="phone" label="Phone" hint="UK numbers" error="Digits only">
        <input {...controlProps('phone', { hint: 'UK numbers', error: 'Digits only' })} />
      </Field>,
    );
    expect(input.getAttribute('aria-describedby')).toBe('phone-hint phone-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('phone-error')?.textContent).toBe('Digits only');
  });

  it('FormError: nothing without an error; else announced, in the look of the public site or of the areas', () => {
    const { container, rerender } = render(<FormError error={null} />);
    expect(container.innerHTML).toBe('');
    rerender(<FormError error="Not sent. Please try again." />);
    expect(screen.getByRole('alert').className).toBe('field-error');
    rerender(<FormError error="Not saved." compact testId="save-error" />);
    expect(screen.getByTestId('save-error').className).toBe('vh-form-error');
    expect(screen.getByRole('alert').textContent).toBe('Not saved.');
  });

  it('Avatar: the photo when there is one, else initials; Card, Badge and Alert by tone', () => {
    expect(initialsOf('Sam de Okafor')).toBe('SD');
    expect(initialsOf('  ')).toBe('?');
    const { container } = render(
      <>
        <Avatar name="Sam Okafor" />
        <Avatar name="Ann" photo="/p.png" />
        <Card selected>c</Card>
        <Badge tone="success">Cheapest</Badge>
        <Alert tone="danger">Oops</Alert>
      </>,
    );
    const [initials, photo] = container.querySelectorAll('.ui-avatar');
    expect(initials!.textContent).toBe('SO');
    expect(photo!.querySelector('img')!.getAttribute('src')).toBe('/p.png');
    expect(screen.getByText('c').className).toBe('ui-card ui-card--selected');
    expect(screen.getByText('Cheapest').className).toBe('ui-badge ui-badge--success');
    expect(screen.getByText('Oops').className).toBe('ui-alert ui-alert--danger');
  });

  it('Steps: numbered, the current one marked for assistive tech', () => {
    render(<Steps names={['One', 'Two', 'Three']} done={[true, false, false]} current={1} label="Progress" />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => i.className)).toEqual(['done', 'current', '']);
    expect(items[1]!.getAttribute('aria-current')).toBe('step');
    expect(items[0]!.textContent).toBe('One (done)');
  });
});
