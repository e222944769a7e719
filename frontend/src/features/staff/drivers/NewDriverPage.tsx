/** /admin/drivers/new: a new driver's form, its price card a copy of the first driver's. */
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { createDriver, fetchDriverPage } from '../admin/api';
import { useAdminSession } from '../admin/session';
import { useResource } from '../../../lib';
import { DriverForm } from './DriverForm';
import { driverFormBody, newDriverForm, type DriverFormValues } from './driver-form';
import { DRIVERS_LIST } from './driver-page-state';
import './drivers.css';

export function NewDriverPage() {
  const { token, guard } = useAdminSession();
  const navigate = useNavigate();
  const drivers = useResource(
    token ? () => guard(fetchDriverPage(token, { pageSize: 1 })).then((page) => page.items?.[0] ?? null) : null,
    [token, guard],
  );
  const template = drivers.data ?? null;
  const { loading, error: failed, data: first } = drivers;
  const initial = useMemo(
    () =>
      loading
        ? null
        : failed !== undefined
          ? newDriverForm()
          : first !== undefined
            ? newDriverForm(first ?? undefined)
            : null,
    [loading, failed, first],
  );

  const save = async (values: DriverFormValues) => {
    if (!token) throw new Error('Not signed in');
    const created = await guard(createDriver(token, await driverFormBody(values, 'new')));
    await navigate(`${DRIVERS_LIST}/${encodeURIComponent(created.id)}`, { state: { saved: 'Driver added' } });
    return created;
  };

  return (
    <div className="drivers-page">
      <p>
        <Link to={DRIVERS_LIST}>← All drivers</Link>
      </p>
      <h1>Add a driver</h1>
      {!initial ? (
        <p>Loading...</p>
      ) : (
        <>
          <p className="admin-muted">
            {template
              ? `The price card starts as a copy of ${template.name}'s: change what differs.`
              : 'Fill in every price: the card starts at zero.'}
          </p>
          <DriverForm mode="new" initialValues={initial} save={save} />
        </>
      )}
    </div>
  );
}
