import { Suspense, useState } from 'react';
import { useStaffClient } from './runtime-context.tsx';
import * as staffCalls from '../../api/protocol/staff-refs.ts';
import { Link, Route, Switch } from 'wouter';
import Button from 'antd-mobile/es/components/button';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import type { StaffMe } from '../../api/protocol/staff/auth.ts';
import { STAFF_ROLE_NAMES } from '../../api/protocol/staff-codes.ts';
import { modulesFor } from './modules.ts';
import { CalendarBanner } from './modules/holidays/CalendarBanner.tsx';

/** The signed-in console: the nav of the modules the role may use, and the module at /staff/<id>. */
export function Shell({ me, onSignedOut }: { me: StaffMe; onSignedOut: () => void }) {
  const client = useStaffClient();
  const modules = modulesFor(me.role);
  const [leaving, setLeaving] = useState(false);
  const logout = async () => {
    setLeaving(true);
    await client.call(staffCalls.auth.logout, {});
    client.setCsrfToken('');
    onSignedOut();
  };
  const staff = { id: me.id, name: me.name, role: me.role };
  return (
    <div className="staff-shell">
      <aside className="staff-nav">
        <div className="staff-brand">员工后台</div>
        <nav aria-label="功能">
          {modules.map((module) => (
            <Link key={module.id} href={`/${module.id}`} className={(active) => (active ? 'staff-nav-item active' : 'staff-nav-item')}>
              {module.title}
            </Link>
          ))}
        </nav>
        <div className="staff-who">
          <div>{me.name}</div>
          <div className="staff-muted">{STAFF_ROLE_NAMES[me.role]}</div>
          <Button size="small" fill="outline" loading={leaving} onClick={() => void logout()}>
            退出登录
          </Button>
        </div>
      </aside>
      <main className="staff-main">
        <CalendarBanner role={me.role} />
        <Suspense
          fallback={
            <div className="staff-center">
              <SpinLoading />
            </div>
          }
        >
          <Switch>
            {modules.map((module) => (
              <Route key={module.id} path={`/${module.id}`}>
                <h1 className="staff-title">{module.title}</h1>
                <module.Page staff={staff} />
              </Route>
            ))}
            <Route>
              <div className="staff-empty">{modules.length === 0 ? '当前角色暂无可用功能' : '页面不存在或无权访问'}</div>
            </Route>
          </Switch>
        </Suspense>
      </main>
    </div>
  );
}
