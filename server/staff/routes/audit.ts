import * as audit from '../../../api/protocol/staff/audit.ts';
import type { AuditEntry } from '../../../api/protocol/staff/audit.ts';
import { handleStaff, staffOk, type StaffCallDefinition } from '../calls.ts';

export const staffAuditCalls: StaffCallDefinition[] = [
  handleStaff(audit.list, async (ctx) => {
    const { page, limit, staff_id: staffId, action } = ctx.input;
    // Left join: the system's rows have no staff member.
    let query = ctx.db.selectFrom('staff_audit').leftJoin('staff_accounts', 'staff_accounts.id', 'staff_audit.staff_id');
    if (staffId !== undefined) query = query.where('staff_audit.staff_id', '=', staffId);
    if (action !== undefined) query = query.where('staff_audit.action', '=', action);
    const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await query
      .select(['staff_audit.id', 'staff_audit.staff_id', 'staff_accounts.name as staff_name', 'staff_audit.action', 'staff_audit.target', 'staff_audit.before', 'staff_audit.after', 'staff_audit.ip', 'staff_audit.at'])
      .orderBy('staff_audit.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    const list: AuditEntry[] = rows.map((row) => ({ ...row, id: Number(row.id), at: new Date(row.at).toISOString() }));
    return staffOk({ list, total: Number(total), page, limit });
  }),
];
