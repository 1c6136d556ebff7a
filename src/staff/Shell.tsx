import { Button, Layout, Menu, Spin, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import * as staffCalls from '../../api/protocol/staff-refs.ts';
import type { StaffMe } from '../../api/protocol/staff/auth.ts';
import { STAFF_ROLE_NAMES } from '../../api/protocol/staff-codes.ts';
import { modulesFor } from './modules.ts';
import { CalendarBanner } from './modules/holidays/CalendarBanner.tsx';
import { useStaffClient } from './runtime-context.tsx';

/** The signed-in console: a side menu of the modules the role may use, and the module at /staff/<id>. */
export function Shell({ me, onSignedOut }: { me: StaffMe; onSignedOut: () => void }) {
  const client = useStaffClient();
  const modules = modulesFor(me.role);
  const [location] = useLocation();
  const [leaving, setLeaving] = useState(false);
  const logout = async () => {
    setLeaving(true);
    await client.call(staffCalls.auth.logout, {});
    client.setCsrfToken('');
    onSignedOut();
  };
  const staff = { id: me.id, name: me.name, role: me.role };
  const current = location.split('/')[1] ?? '';
  return (
    <Layout className="staff-shell">
      <Layout.Sider width={208} theme="dark" className="staff-nav">
        <div className="staff-brand">员工后台</div>
        <nav aria-label="功能" className="staff-menu">
          {/* wouter's Link in each item: the URL is the route (a module at /staff/<id>), and each entry is a link. */}
          <Menu theme="dark" mode="inline" selectedKeys={[current]} items={modules.map((module) => ({ key: module.id, label: <Link href={`/${module.id}`}>{module.title}</Link> }))} />
        </nav>
        <div className="staff-who">
          <div>{me.name}</div>
          <div className="staff-who-role">{STAFF_ROLE_NAMES[me.role]}</div>
          <Button size="small" ghost loading={leaving} onClick={() => void logout()}>
            退出登录
          </Button>
        </div>
      </Layout.Sider>
      <Layout.Content className="staff-main">
        <CalendarBanner role={me.role} />
        <Suspense
          fallback={
            <div className="staff-center">
              <Spin />
            </div>
          }
        >
          <Switch>
            {modules.map((module) => (
              <Route key={module.id} path={`/${module.id}`}>
                <Typography.Title level={3} className="staff-title">
                  {module.title}
                </Typography.Title>
                <module.Page staff={staff} />
              </Route>
            ))}
            <Route>
              <div className="staff-empty">{modules.length === 0 ? '当前角色暂无可用功能' : '页面不存在或无权访问'}</div>
            </Route>
          </Switch>
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
