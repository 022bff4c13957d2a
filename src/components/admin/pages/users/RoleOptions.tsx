import { ROLE_LABELS, ROLES } from '../../../../schemas/roles';

/** The roles as a select's options, in their order, by their labels. */
export default function RoleOptions() {
  return ROLES.map((r) => (
    <option key={r} value={r}>
      {ROLE_LABELS[r]}
    </option>
  ));
}
