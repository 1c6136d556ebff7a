import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { BACK_TARGET, type RouteData } from '../../machines/navigation.types.ts';
import { hrefOf } from './route-data.ts';
import { useNavigate } from './use-navigation.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A route path, or 'back'. */
  to: string;
  /** The page's data object, carried in the `data` query value. */
  data?: RouteData | null;
  replace?: boolean;
}

const opensElsewhere = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * An in-app link: a real anchor (long-press, new tab and screen readers work), but a plain click
 * asks the navigation machine instead of navigating, so the login guard and the scroll rules apply.
 */
export function Link({ to, data, replace, onClick, children, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const href = to === BACK_TARGET ? undefined : hrefOf({ path: to, data: data ?? null });
  return (
    <a
      {...rest}
      href={href}
      role={href ? undefined : 'button'}
      tabIndex={href ? undefined : 0}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || opensElsewhere(event)) return;
        event.preventDefault();
        navigate(to, data, { replace: replace ?? false });
      }}
    >
      {children}
    </a>
  );
}
