import { Link } from 'react-router';
import { AuthCard } from '../components/AuthCard';

/** Placeholder: member sign-in (account + captcha, WeChat QR) is wired to the server later. */
export function LoginPage() {
  return (
    <AuthCard
      title="会员登录"
      footer={
        <>
          还没有账号？<Link to="/register">立即注册</Link>
        </>
      }
    >
      <p className="auth-note">账号登录与微信扫码登录即将开放，敬请期待。</p>
      <form className="auth-form" onSubmit={(event) => event.preventDefault()}>
        <label>
          账号
          <input name="username" autoComplete="username" placeholder="请输入账号" disabled />
        </label>
        <label>
          密码
          <input name="password" type="password" autoComplete="current-password" placeholder="请输入密码" disabled />
        </label>
        <button type="submit" className="button" disabled>
          登录
        </button>
      </form>
    </AuthCard>
  );
}
