import { email, maxLength, RadioButtonGroupInput, regex, required, SaveButton, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { useApiCall } from '../../components/useApiCall';
import { httpClient } from '../../providers/httpClient';
import { EMAIL_MAX, NICK_NAME_MAX, PHONE_PATTERN, profileForm, type Profile, type ProfileForm } from './profile';

const SEX_CHOICES = [
  { id: '0', name: 'app.account.male' },
  { id: '1', name: 'app.account.female' },
];

/** "Basic info" tab: nick name, phone, email and sex (`PUT /system/user/profile`), checked as the server does (spec 5). */
export function BasicInfoForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const { run } = useApiCall();
  const { user } = profile;
  const record = { id: user.userId, nickName: user.nickName, phonenumber: user.phonenumber, email: user.email, sex: user.sex };

  const save = async (values: Partial<ProfileForm>) => {
    // Saved: react-admin data (the name in the app bar) reloads through useApiCall, this page through onSaved.
    if (await run(() => httpClient.put('/system/user/profile', profileForm(values)))) onSaved();
  };

  return (
    <SimpleForm
      record={record}
      onSubmit={(values: Partial<ProfileForm>) => save(values)}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <TextInput source="nickName" label="app.account.nick_name" validate={[required(), maxLength(NICK_NAME_MAX)]} />
      <TextInput source="phonenumber" label="app.account.phone" validate={regex(PHONE_PATTERN, 'app.account.phone_invalid')} />
      <TextInput source="email" label="app.account.email" validate={[email('app.account.email_invalid'), maxLength(EMAIL_MAX)]} />
      <RadioButtonGroupInput source="sex" label="app.account.sex" choices={SEX_CHOICES} />
    </SimpleForm>
  );
}
