import { Link } from 'react-router';
import { AuthCard } from '../components/AuthCard';

/** Placeholder: member registration (username, password, captcha) is wired to the server later. */
export function RegisterPage() {
  return (
    <AuthCard
      title="注册账号"
      footer={
        <>
          已有账号？<Link to="/login">去登录</Link>
        </>
      }
    >
      <p className="auth-note">注册功能即将开放，届时可使用全部写作工具与论文检测服务。</p>
      <form className="auth-form" onSubmit={(event) => event.preventDefault()}>
        <label>
          账号
          <input name="username" autoComplete="username" placeholder="3-20 位字母或数字" disabled />
        </label>
        <label>
          密码
          <input name="password" type="password" autoComplete="new-password" placeholder="至少 6 位" disabled />
        </label>
        <label>
          确认密码
          <input name="confirmPassword" type="password" autoComplete="new-password" placeholder="再次输入密码" disabled />
        </label>
        <button type="submit" className="button" disabled>
          注册
        </button>
      </form>
    </AuthCard>
  );
}
