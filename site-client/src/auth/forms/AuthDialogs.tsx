import { useEffect } from 'react';
import { t } from '../../app/messages';
import { Modal } from '../../components/Modal';
import { LAYOUT } from '@zhiwen/shared';
import { closeAuthDialog, loginModalOpened, openAuthDialog, registerDialogHost, useAuthDialog } from '../authDialog';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

/** The login and register dialogs (400 px, spec 2.5/9), opened from anywhere through authDialog. */
export function AuthDialogs() {
  const dialog = useAuthDialog();
  useEffect(registerDialogHost, []);
  useEffect(() => {
    if (dialog === 'login') loginModalOpened();
  }, [dialog]);

  if (dialog === 'login') {
    return (
      <Modal title={t('login.title')} width={LAYOUT.loginDialogPx} onClose={closeAuthDialog}>
        <LoginForm onDone={closeAuthDialog} onRegister={() => openAuthDialog('register')} />
      </Modal>
    );
  }
  if (dialog === 'register') {
    return (
      <Modal title={t('register.title')} width={LAYOUT.loginDialogPx} onClose={closeAuthDialog}>
        <RegisterForm onDone={closeAuthDialog} onLogin={() => openAuthDialog('login')} />
      </Modal>
    );
  }
  return null;
}
